/**
 * Every request body of the product's call table (the calls its pages make) is accepted as the
 * product writes it: the same field names, nothing removed, through the gateway. Only what the
 * platform deliberately adds is added: the viewing session's write token (X-Viewing-Session-Token,
 * from the start's answer) and the ad's sessionId and token (docs/advertising.md).
 *
 * Run: node --import tsx --test infra/e2e/call-table.e2e.ts   (KINORA_URL defaults to http://localhost:8080)
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { account, becomeCreator, until } from '../fuzz/platform';
import { submitFilm } from './studio';
import { adminSession, GATEWAY, makeTestClip, mailsTo, signIn } from './support';

let dir: string;
let clip: Uint8Array<ArrayBuffer>;

// Made before any request: ffmpeg blocks the event loop, which must not hold a kept-alive socket.
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'kinora-call-table-'));
  clip = new Uint8Array(readFileSync(makeTestClip(join(dir, 'test-card.mp4'), 2)));
});
after(() => rmSync(dir, { recursive: true, force: true }));

/** Sends `body` as JSON (or nothing), with the session cookie; expects a 2xx and answers the JSON. */
async function send(
  cookie: string,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetch(`${GATEWAY}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path} ${JSON.stringify(body)}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const get = async <T>(cookie: string, path: string): Promise<T> => {
  const response = await fetch(`${GATEWAY}${path}`, { headers: { cookie } });
  assert.equal(response.status, 200, `GET ${path}: ${await response.clone().text()}`);
  return (await response.json()) as T;
};

const stamp = () => `${Date.now().toString(36)}-${randomUUID().slice(0, 6)}`;

test('the call table: sign-in, waitlist, feedback, reviews, views, likes, lists, creators, follows', async () => {
  const email = `calls-${stamp()}@e2e.kinora.test`;
  // POST /api/auth/send-code {email} and POST /api/auth/verify-code {email, code}, as written.
  const { cookie } = await signIn(email);
  await send('', 'POST', '/api/waitlist', { email: `waitlist-${stamp()}@e2e.kinora.test` });
  await send('', 'POST', '/api/feedback', {
    name: 'Ada Viewer',
    email: `feedback-${stamp()}@e2e.kinora.test`,
    vision: 'Short films made with AI, shown with who made them and how.',
  });

  const [film] = await get<{ id: number }[]>(cookie, '/api/films?limit=50');
  assert.ok(film, 'a published film (the demo content)');
  await send(cookie, 'POST', `/api/films/${film.id}/reviews`, { rating: 4, review: 'Moving and strange.' });
  await send(cookie, 'POST', `/api/films/${film.id}/view`);
  await send(cookie, 'POST', `/api/films/${film.id}/like`);
  await send(cookie, 'POST', `/api/films/${film.id}/unlike`);
  await send(cookie, 'POST', '/api/user/lists', { filmId: film.id, listType: 'watchlist' });
  await send(cookie, 'POST', '/api/user/lists', { filmId: film.id, listType: 'favorites' });

  const [creator] = await get<{ id: number }[]>(cookie, '/api/creators?limit=20');
  assert.ok(creator, 'a creator (the demo content)');
  await send(cookie, 'POST', `/api/creators/${creator.id}/follow`);
  await send(cookie, 'POST', `/api/creators/${creator.id}/unfollow`);
  await send(cookie, 'POST', `/api/follow/${creator.id}`);
  await send(cookie, 'DELETE', `/api/follow/${creator.id}`);

  await send(cookie, 'POST', '/api/creators', {
    bio: 'I make short films with AI tools.',
    website: 'https://calls.example.com',
    socialLinks: { twitter: '@calls', instagram: 'calls', youtube: 'https://youtube.com/@calls' },
  });
  await send(cookie, 'POST', '/api/auth/logout');
});

test('the call table: a critic accepts the invitation an admin sent', async () => {
  const admin = await adminSession();
  const email = `critic-${stamp()}@e2e.kinora.test`;
  await send(admin.cookie, 'POST', '/api/critics/invitations', { email });
  let token: string | undefined;
  for (let i = 0; i < 100 && !token; i++) {
    token = (await mailsTo(email)).map((mail) => /token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]).find(Boolean);
    if (!token) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.ok(token, `no invitation mailed to ${email}`);
  await send('', 'POST', '/api/critics/accept-invitation', {
    token,
    userData: {
      firstName: 'Pauline',
      lastName: 'Calls',
      bio: 'Reviews short films.',
      website: 'https://critic.example.com',
      expertise: ['Drama'],
      socialLinks: { twitter: '@pcalls', instagram: '', linkedin: 'pcalls', website: '' },
    },
  });
});

test('the call table: a viewing session started, updated every 30 s and ended', async () => {
  const { cookie, user } = await signIn(`viewer-${stamp()}@e2e.kinora.test`);
  const [film] = await get<{ id: number }[]>(cookie, '/api/films?limit=50');
  assert.ok(film, 'a published film');
  const sessionId = randomUUID();
  const started = (await send(cookie, 'POST', '/api/analytics/viewing-session', {
    sessionId,
    filmId: film.id,
    userId: user.id,
    deviceType: 'desktop',
    sessionStartTime: new Date().toISOString(),
    startPosition: 0,
    referrer: `${GATEWAY}/films/${film.id}`,
  })) as { token: string };
  const withToken = { 'X-Viewing-Session-Token': started.token };
  const path = `/api/analytics/viewing-session/${sessionId}`;
  await send(
    cookie,
    'PATCH',
    path,
    { endPosition: 3, totalWatchTime: 3, pauseCount: 0, seekCount: 0, updatedAt: new Date().toISOString() },
    withToken,
  );
  await send(
    cookie,
    'PATCH',
    path,
    {
      sessionEndTime: new Date().toISOString(),
      endPosition: 5,
      totalWatchTime: 5,
      pauseCount: 1,
      seekCount: 0,
      isCompleted: true,
    },
    withToken,
  );
});

test('the call table: an ad selected with the demographics, then started, skipped and clicked', async () => {
  const admin = await adminSession();
  const films = await get<{ id: number }[]>(admin.cookie, '/api/films?limit=50');
  let target: { filmId: number; position: number; placementType: string } | undefined;
  for (const film of films) {
    const response = await fetch(`${GATEWAY}/api/ads/placements/${film.id}`);
    if (!response.ok) continue;
    const [first] = (await response.json()) as { position: number; placementType: string }[];
    if (first) target = { filmId: film.id, ...first };
    if (target) break;
  }
  assert.ok(target, 'a published film with ad placements');
  const [video] = await get<{ videoUrl: string; duration: number }[]>(
    admin.cookie,
    '/api/ads/creative-videos',
  );
  assert.ok(video, 'a creative video (the demo creatives)');
  const advertiser = (await send(admin.cookie, 'POST', '/api/ads/advertisers', {
    name: `Call table ${stamp()}`,
  })) as { id: number };
  const campaign = (await send(admin.cookie, 'POST', '/api/ads/campaigns', {
    advertiserId: advertiser.id,
    name: `Call table ${stamp()}`,
    budget: 5,
    cpm: 50,
    startsAt: new Date(Date.now() - 60_000).toISOString(),
    endsAt: new Date(Date.now() + 3_600_000).toISOString(),
    delivery: 'asap',
    status: 'active',
    creatives: [
      {
        title: 'Call table',
        description: 'Selected by the call-table test.',
        videoUrl: video.videoUrl,
        duration: video.duration,
        clickUrl: 'https://example.com/call-table',
      },
    ],
  })) as { id: number };
  try {
    const { cookie, user } = await signIn(`ads-${stamp()}@e2e.kinora.test`);
    const sessionId = randomUUID();
    const ad = (await send(cookie, 'POST', '/api/ads/select', {
      filmId: target.filmId,
      position: target.position,
      placementType: target.placementType,
      userDemographics: { country: 'US', age: 25, interests: ['technology', 'entertainment'] },
      sessionId,
    })) as { id: number; token: string } | null;
    assert.ok(ad, 'an ad for the break (the campaign just created qualifies)');
    const base = { adId: ad.id, filmId: target.filmId, userId: user.id, sessionId, token: ad.token };
    await send(cookie, 'POST', '/api/ads/view', {
      ...base,
      deviceType: 'desktop',
      viewStartTime: new Date().toISOString(),
    });
    await send(cookie, 'POST', '/api/ads/view', {
      ...base,
      viewDuration: 5,
      wasSkipped: true,
      skipTime: new Date().toISOString(),
    });
    await send(cookie, 'POST', '/api/ads/view', {
      ...base,
      clicked: true,
      clickTime: new Date().toISOString(),
    });
  } finally {
    await send(admin.cookie, 'DELETE', `/api/ads/campaigns/${campaign.id}`);
    await send(admin.cookie, 'DELETE', `/api/ads/advertisers/${advertiser.id}`);
  }
});

test('the call table: an admin approves one pending film and rejects another, with {status} alone', async () => {
  const creator = await account(`calls-creator-${stamp()}@e2e.kinora.test`);
  await becomeCreator(creator, 'Makes test cards for the call-table test.');
  const approved = await submitFilm(creator, clip, `Call Table Approved ${stamp()}`);
  const rejected = await submitFilm(creator, clip, `Call Table Rejected ${stamp()}`);
  const admin = await adminSession();
  const pending = async () =>
    (await get<{ id: number }[]>(admin.cookie, '/api/admin/films/pending?limit=100')).map((film) => film.id);
  await until(
    'both films in the review queue',
    async () => {
      const ids = await pending();
      return (ids.includes(approved.id) && ids.includes(rejected.id)) || undefined;
    },
    60_000,
  );
  // PATCH /api/admin/films/{filmId}/status {status: published or archived}, as written: no reason.
  await send(admin.cookie, 'PATCH', `/api/admin/films/${approved.id}/status`, { status: 'published' });
  await send(admin.cookie, 'PATCH', `/api/admin/films/${rejected.id}/status`, { status: 'archived' });
  await until(
    'the approved film published for visitors',
    async () => (await fetch(`${GATEWAY}/api/films/${approved.id}`)).ok || undefined,
    60_000,
  );
  assert.equal(
    (await fetch(`${GATEWAY}/api/films/${rejected.id}`)).status,
    404,
    'the rejected film stays hidden',
  );
});
