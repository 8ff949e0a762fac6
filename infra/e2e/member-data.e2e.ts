/**
 * A member owns their data, end to end through the gateway (`make up`): they download it, and every
 * service's part holds what they did there; then they delete their account, their session is
 * refused, and no service answers their address or name any more (docs/accounts.md, "Your data").
 * Run: node --import tsx --test infra/e2e/member-data.e2e.ts
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { adminSession, GATEWAY, mailsTo, signIn } from './support';

const TIMEOUT_MS = 30_000;

async function call(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${GATEWAY}${path}`, {
    method,
    headers: {
      cookie,
      origin: GATEWAY,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The call's JSON, asserting a 2xx. */
async function must<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await call(cookie, method, path, body);
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** Reads until `done` holds of the answer (events and rollups land shortly after the writes). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    assert.ok(Date.now() < deadline, `${what}: ${JSON.stringify(value).slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface SocialPart {
  reviews: { filmId: number; review: string }[];
  lists: { filmId: number; listType: string }[];
  follows: { creators: { id: number }[] };
  likes: { filmId: number }[];
  notifications: unknown[];
}

test('a member downloads every service’s part of their data, deletes their account, and is nowhere named after', async () => {
  const tag = randomBytes(4).toString('hex');
  const email = `leaving-${tag}@e2e.kinora.test`;
  const name = { firstName: 'Ottilie', lastName: `Leaving${tag}` };
  const member = await signIn(email);
  const cookie = member.cookie;
  const admin = await adminSession();
  await must(cookie, 'PATCH', '/api/auth/user', name);

  // Something of every kind, in every service. Not "Rule 110": the seed test reads its reviews.
  const films = (await must<{ id: number; title: string }[]>('', 'GET', '/api/films?limit=50')).filter(
    (film) => film.title !== 'Rule 110',
  );
  const [reviewed, liked] = films;
  assert.ok(reviewed && liked, 'two published films (the demo content)');
  const [followed] = await must<{ id: number }[]>('', 'GET', '/api/creators?limit=20');
  assert.ok(followed, 'a creator (the demo content)');
  const reviewText = `Leaving soon, but this one stays with me (${tag}).`;
  const review = await must<{ id: number }>(cookie, 'POST', `/api/films/${reviewed.id}/reviews`, {
    rating: 8,
    review: reviewText,
  });
  await must(cookie, 'POST', `/api/films/${liked.id}/like`);
  await must(cookie, 'POST', '/api/user/lists', { filmId: reviewed.id, listType: 'watchlist' });
  await must(cookie, 'POST', `/api/creators/${followed.id}/follow`);
  const report = await must<{ id: number }>(cookie, 'POST', '/api/reports', {
    subjectType: 'film',
    subjectId: liked.id,
    reason: 'other',
    details: `Filed by the member-data test (${tag}).`,
  });
  const creator = await must<{ id: number }>(cookie, 'POST', '/api/creators', {
    bio: `Ottilie makes short films about leaving (${tag}).`,
    website: `https://leaving-${tag}.example.com`,
  });
  const sessionId = randomUUID();
  const viewing = await must<{ token: string }>(cookie, 'POST', '/api/analytics/viewing-session', {
    sessionId,
    filmId: reviewed.id,
    deviceType: 'desktop',
    sessionStartTime: new Date(Date.now() - 10_000).toISOString(),
    startPosition: 0,
  });
  const ended = await fetch(`${GATEWAY}/api/analytics/viewing-session/${sessionId}`, {
    method: 'PATCH',
    headers: {
      cookie,
      origin: GATEWAY,
      'content-type': 'application/json',
      'x-viewing-session-token': viewing.token,
    },
    body: JSON.stringify({
      sessionEndTime: new Date().toISOString(),
      endPosition: 8,
      totalWatchTime: 8,
      pauseCount: 0,
      seekCount: 0,
      isCompleted: false,
    }),
  });
  assert.ok(ended.ok, `ending the viewing session: ${ended.status} ${await ended.text()}`);

  // Download: each service's part, as the profile page's "Download my data" assembles them.
  const account = await must<{ account: { id: string; email: string; firstName: string } }>(
    cookie,
    'POST',
    '/api/auth/user/export',
  );
  assert.deepEqual(
    [account.account.id, account.account.email, account.account.firstName],
    [member.user.id, email, name.firstName],
  );
  await eventually(
    () => must<SocialPart>(cookie, 'GET', '/api/user/export/social'),
    (part) =>
      part.reviews.some((each) => each.filmId === reviewed.id && each.review === reviewText) &&
      part.likes.some((each) => each.filmId === liked.id) &&
      part.lists.some((each) => each.filmId === reviewed.id && each.listType === 'watchlist') &&
      part.follows.creators.some((each) => each.id === followed.id) &&
      Array.isArray(part.notifications),
    "social's part holds the review, like, list entry and follow",
  );
  await eventually(
    () => must<{ viewingHistory: { sessionId: string }[] }>(cookie, 'GET', '/api/user/export/analytics'),
    (part) => part.viewingHistory.some((each) => each.sessionId === sessionId),
    "analytics' part holds the viewing session",
  );
  const catalogPart = await must<{ creatorProfile: { id: number } | null }>(
    cookie,
    'GET',
    '/api/user/export/catalog',
  );
  assert.equal(catalogPart.creatorProfile?.id, creator.id, "catalog's part is the creator profile");
  const adminPart = await must<{ reports: { id: number }[] }>(cookie, 'GET', '/api/user/export/admin');
  assert.ok(
    adminPart.reports.some((each) => each.id === report.id),
    "admin's part holds the report",
  );

  // Until now the review and the admin's search name them (what the checks after deletion look for).
  const named = (text: string) =>
    [email, name.lastName].filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));
  const text = async (who: string, path: string) => (await call(who, 'GET', path)).text();
  assert.ok(
    named(await text('', `/api/films/${reviewed.id}/reviews?limit=100`)).length > 0,
    'named on reviews',
  );
  assert.deepEqual(named(await text(admin.cookie, `/api/auth/users?q=${encodeURIComponent(email)}`)), [
    email,
    name.lastName,
  ]);

  // Delete: confirmed by the address; the session is refused at once and a goodbye mail goes out.
  const wrong = await call(cookie, 'DELETE', '/api/auth/user', { confirm: `not-${email}` });
  assert.equal(wrong.status, 400, await wrong.text());
  const deleted = await call(cookie, 'DELETE', '/api/auth/user', { confirm: ` ${email.toUpperCase()} ` });
  assert.equal(deleted.status, 204, await deleted.text());
  await eventually(
    async () => (await call(cookie, 'GET', '/api/auth/user')).status,
    (status) => status === 401,
    'the deleted account’s session is refused',
  );
  await eventually(
    () => mailsTo(email),
    (mails) => mails.some((mail) => /deleted/i.test(JSON.stringify(mail))),
    'a goodbye mail',
  );

  // Afterwards no service answers the address or the name: what stays (the review, the creator
  // profile, the report, the audit entries) is nameless.
  const reads: [string, string][] = [
    ['', `/api/films/${reviewed.id}/reviews?limit=100`],
    ['', `/api/creators/${creator.id}`],
    ['', `/api/creators/${followed.id}`],
    [admin.cookie, `/api/auth/users?q=${encodeURIComponent(email)}`],
    [admin.cookie, `/api/auth/users?q=${name.lastName}`],
    [admin.cookie, `/api/auth/users?q=deleted-${member.user.id}`],
    [admin.cookie, '/api/admin/reports?limit=100'],
    [admin.cookie, `/api/admin/audit?targetType=user&targetId=${member.user.id}`],
    [admin.cookie, `/api/admin/audit?actorUserId=${member.user.id}`],
  ];
  for (const [who, path] of reads) {
    await eventually(
      async () => {
        const response = await call(who, 'GET', path);
        return { status: response.status, text: await response.text() };
      },
      ({ status, text }) => status === 200 && named(text).length === 0,
      `GET ${path} no longer names the member`,
    );
  }
  const reviews = await must<{ id: number; user: { firstName: string | null } }[]>(
    '',
    'GET',
    `/api/films/${reviewed.id}/reviews?limit=100`,
  );
  assert.ok(
    reviews.some((each) => each.id === review.id && !each.user.firstName),
    'the review stays, without a name',
  );
  const profile = await must<{ bio: string }>('', 'GET', `/api/creators/${creator.id}`);
  assert.equal(profile.bio, 'This creator has left Kinora.');
  const audit = await must<{ action: string }[]>(
    admin.cookie,
    'GET',
    `/api/admin/audit?targetType=user&targetId=${member.user.id}`,
  );
  assert.deepEqual(
    audit.map((entry) => entry.action).sort(),
    ['account.deleted', 'account.exported'],
    'both on the audit log',
  );

  // Nothing left open for the admin's queue.
  await must(admin.cookie, 'PATCH', `/api/admin/reports/${report.id}`, { status: 'dismissed' });
});
