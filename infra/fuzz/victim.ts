/**
 * The victim: a member and creator whose data nobody else may change, given something of every
 * kind before the run and read back (every "my data" call) to be compared after each phase.
 */
import { randomUUID } from 'node:crypto';
import { call, must, sleep, until, type Account } from './platform';

export interface Victim extends Account {
  creatorId: number;
  reviewFilmId: number;
  followedCreatorId: number;
}

/**
 * Gives the victim (`who`, a creator with the profile `creatorId`) something of every kind to
 * damage: a name, a watchlist and a favourite, a review, a like, follows and watch history. Their
 * review and viewing session are returned for the fuzzer to aim at.
 */
export async function furnishVictim(
  who: Account,
  creatorId: number,
  { films, creators, critics }: { films: number[]; creators: number[]; critics: { id: number }[] },
): Promise<{ victim: Victim; reviewId: number; viewingSessionId: string }> {
  const victim: Victim = {
    ...who,
    creatorId,
    reviewFilmId: films[0]!,
    followedCreatorId: creators[0]!,
  };
  await must(victim, 'PATCH', '/api/auth/user', { firstName: 'Vic', lastName: 'Tim' });
  await must(victim, 'POST', '/api/user/lists', { filmId: films[0], listType: 'watchlist' });
  await must(victim, 'POST', '/api/user/lists', { filmId: films[1], listType: 'favorites' });
  const review = await must<{ id: number }>(victim, 'POST', `/api/films/${films[0]}/reviews`, {
    rating: 7,
    review: 'The victim’s review: only its author or an admin may change it.',
  });
  await must(victim, 'POST', `/api/films/${films[1]}/like`);
  await must(victim, 'POST', `/api/follow/${creators[0]}`);
  if (critics[0]) await must(victim, 'POST', `/api/critics/${critics[0].id}/follow`);
  const viewingSessionId = randomUUID();
  const viewing = await must<{ token: string }>(victim, 'POST', '/api/analytics/viewing-session', {
    sessionId: viewingSessionId,
    filmId: films[0],
    deviceType: 'desktop',
    sessionStartTime: new Date(Date.now() - 60_000).toISOString(),
    startPosition: 0,
  });
  await must(
    victim,
    'PATCH',
    `/api/analytics/viewing-session/${viewingSessionId}`,
    { endPosition: 3, totalWatchTime: 3, pauseCount: 0, seekCount: 0, updatedAt: new Date().toISOString() },
    { 'x-viewing-session-token': viewing.token },
  );
  return { victim, reviewId: review.id, viewingSessionId };
}

/**
 * Counters other people move by legitimate use (following the victim, viewing or liking their
 * films): left out of the victim's snapshot. Everything the victim wrote stays in.
 */
const MOVED_BY_OTHERS = new Set([
  'followerCount',
  '_count',
  'stats',
  'viewCount',
  'likeCount',
  'reviewCount',
  'rating',
]);

function withoutCounters(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCounters);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !MOVED_BY_OTHERS.has(key))
        .map(([key, item]) => [key, withoutCounters(item)]),
    );
  }
  return value;
}

/**
 * What the victim reads as their own, through every "my data" call the documents have, plus their
 * creator profile and review as the public sees them.
 */
export async function snapshot(victim: Victim): Promise<Record<string, unknown>> {
  const reads: [string, (json: unknown) => unknown][] = [
    ['/api/auth/user', (json) => json],
    ['/api/user/lists/watchlist?limit=100', (json) => json],
    ['/api/user/lists/favorites?limit=100', (json) => json],
    ['/api/user/lists/continue_watching?limit=100', (json) => json],
    ['/api/user/follows', (json) => json],
    ['/api/user/likes', (json) => json],
    ['/api/critics/following', (json) => json],
    [`/api/follow/${victim.followedCreatorId}/status`, (json) => json],
    ['/api/analytics/history?limit=100', (json) => json],
    ['/api/notifications?limit=100', (json) => json],
    ['/api/notifications/unread-count', (json) => json],
    ['/api/studio/films', withoutCounters],
    [`/api/creators/${victim.creatorId}`, withoutCounters],
    [
      `/api/films/${victim.reviewFilmId}/reviews?limit=100`,
      (json) =>
        Array.isArray(json)
          ? json.filter((review: { user?: { id?: string } }) => review.user?.id === victim.id)
          : json,
    ],
  ];
  const out: Record<string, unknown> = {};
  for (const [path, keep] of reads) {
    const { status, json } = await call(victim, 'GET', path);
    out[path] = { status, body: keep(json) };
  }
  return out;
}

/** "path (status, n items)" for each read: what there is to damage. */
export function describeSnapshot(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(([path, read]) => {
      const { status, body } = read as { status: number; body: unknown };
      const inner = body && typeof body === 'object' && !Array.isArray(body) ? Object.values(body) : [];
      const items = Array.isArray(body)
        ? body.length
        : Array.isArray(inner[0])
          ? (inner[0] as unknown[]).length
          : undefined;
      return `${path.replace(/\?.*/, '')} ${status}${items === undefined ? '' : ` (${items})`}`;
    })
    .join(', ');
}

/** Where two JSON values differ: "at: before → after" for each differing leaf (a few at most). */
function changes(before: unknown, after: unknown, at = ''): string[] {
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  const bothObjects = before && after && typeof before === 'object' && typeof after === 'object';
  if (bothObjects && Array.isArray(before) === Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    const record = (value: object) => value as Record<string, unknown>;
    return keys
      .flatMap((key) => changes(record(before)[key], record(after)[key], `${at}.${key}`))
      .slice(0, 5);
  }
  const show = (value: unknown) => (value === undefined ? '(none)' : JSON.stringify(value).slice(0, 300));
  return [`${at || '.'}: ${show(before)} → ${show(after)}`];
}

export function differences(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(before).flatMap((path) =>
    changes(before[path], after[path]).map((change) => `${path} ${change}`),
  );
}

/** The victim's data once the events its set-up started have landed: two equal reads in a row. */
export async function settledSnapshot(victim: Victim): Promise<Record<string, unknown>> {
  await until('the victim’s list counts and history', async () => {
    const user = (await call(victim, 'GET', '/api/auth/user')).json as {
      watchlistCount?: number;
      favoritesCount?: number;
    };
    const history = (await call(victim, 'GET', '/api/analytics/history')).json;
    const settled =
      user.watchlistCount === 1 && user.favoritesCount === 1 && Array.isArray(history) && history.length > 0;
    return settled ? true : undefined;
  });
  let snapshotBefore = await snapshot(victim);
  for (let stable = 0; stable < 2;) {
    await sleep(500);
    const again = await snapshot(victim);
    stable = differences(snapshotBefore, again).length ? 0 : stable + 1;
    snapshotBefore = again;
  }
  return snapshotBefore;
}
