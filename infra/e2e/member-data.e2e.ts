/**
 * A member owns their data, end to end through the gateway (`make up`): they download it, and every
 * service's part holds what they did there; then they delete their account, their session is
 * refused, and no service answers their address or name any more (docs/accounts.md, "Your data").
 * Run: node --import tsx --test infra/e2e/member-data.e2e.ts
 */
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { account, call, must, until, type Account } from '../fuzz/platform';
import { ADMIN, adminSession, mailsTo } from './support';

const TIMEOUT_MS = 30_000;

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
  const member = await account(email);
  const shared = await adminSession();
  const admin: Account = { email: ADMIN, cookie: shared.cookie, id: shared.user.id };
  await must(member, 'PATCH', '/api/auth/user', name);

  // Something of every kind, in every service. Not "Rule 110": the seed test reads its reviews.
  const films = (await must<{ id: number; title: string }[]>(undefined, 'GET', '/api/films?limit=50')).filter(
    (film) => film.title !== 'Rule 110',
  );
  const [reviewed, liked] = films;
  assert.ok(reviewed && liked, 'two published films (the demo content)');
  const [followed] = await must<{ id: number }[]>(undefined, 'GET', '/api/creators?limit=20');
  assert.ok(followed, 'a creator (the demo content)');
  const reviewText = `Leaving soon, but this one stays with me (${tag}).`;
  const review = await must<{ id: number }>(member, 'POST', `/api/films/${reviewed.id}/reviews`, {
    rating: 8,
    review: reviewText,
  });
  await must(member, 'POST', `/api/films/${liked.id}/like`);
  await must(member, 'POST', '/api/user/lists', { filmId: reviewed.id, listType: 'watchlist' });
  await must(member, 'POST', `/api/creators/${followed.id}/follow`);
  const report = await must<{ id: number }>(member, 'POST', '/api/reports', {
    subjectType: 'film',
    subjectId: liked.id,
    reason: 'other',
    details: `Filed by the member-data test (${tag}).`,
  });
  const creator = await must<{ id: number }>(member, 'POST', '/api/creators', {
    bio: `Ottilie makes short films about leaving (${tag}).`,
    website: `https://leaving-${tag}.example.com`,
  });
  const sessionId = randomUUID();
  const viewing = await must<{ token: string }>(member, 'POST', '/api/analytics/viewing-session', {
    sessionId,
    filmId: reviewed.id,
    deviceType: 'desktop',
    sessionStartTime: new Date(Date.now() - 10_000).toISOString(),
    startPosition: 0,
  });
  await must(
    member,
    'PATCH',
    `/api/analytics/viewing-session/${sessionId}`,
    {
      sessionEndTime: new Date().toISOString(),
      endPosition: 8,
      totalWatchTime: 8,
      pauseCount: 0,
      seekCount: 0,
      isCompleted: false,
    },
    { 'x-viewing-session-token': viewing.token },
  );

  // Download: each service's part, as the profile page's "Download my data" assembles them.
  const exported = await must<{ account: { id: string; email: string; firstName: string } }>(
    member,
    'POST',
    '/api/auth/user/export',
  );
  assert.deepEqual(
    [exported.account.id, exported.account.email, exported.account.firstName],
    [member.id, email, name.firstName],
  );
  await until(
    "social's part holds the review, like, list entry and follow",
    async () => {
      const part = await must<SocialPart>(member, 'GET', '/api/user/export/social');
      const complete =
        part.reviews.some((each) => each.filmId === reviewed.id && each.review === reviewText) &&
        part.likes.some((each) => each.filmId === liked.id) &&
        part.lists.some((each) => each.filmId === reviewed.id && each.listType === 'watchlist') &&
        part.follows.creators.some((each) => each.id === followed.id) &&
        Array.isArray(part.notifications);
      return complete || undefined;
    },
    TIMEOUT_MS,
  );
  await until(
    "analytics' part holds the viewing session",
    async () =>
      (
        await must<{ viewingHistory: { sessionId: string }[] }>(member, 'GET', '/api/user/export/analytics')
      ).viewingHistory.some((each) => each.sessionId === sessionId) || undefined,
    TIMEOUT_MS,
  );
  const catalogPart = await must<{ creatorProfile: { id: number } | null }>(
    member,
    'GET',
    '/api/user/export/catalog',
  );
  assert.equal(catalogPart.creatorProfile?.id, creator.id, "catalog's part is the creator profile");
  const adminPart = await must<{ reports: { id: number }[] }>(member, 'GET', '/api/user/export/admin');
  assert.ok(
    adminPart.reports.some((each) => each.id === report.id),
    "admin's part holds the report",
  );

  // Until now the review and the admin's search name them (what the checks after deletion look for).
  const named = (text: string) =>
    [email, name.lastName].filter((secret) => text.toLowerCase().includes(secret.toLowerCase()));
  const text = async (who: Account | undefined, path: string) =>
    JSON.stringify((await call(who, 'GET', path)).json);
  assert.ok(
    named(await text(undefined, `/api/films/${reviewed.id}/reviews?limit=100`)).length > 0,
    'named on reviews',
  );
  assert.deepEqual(named(await text(admin, `/api/auth/users?q=${encodeURIComponent(email)}`)), [
    email,
    name.lastName,
  ]);

  // Delete: confirmed by the address; the session is refused at once and a goodbye mail goes out.
  const wrong = await call(member, 'DELETE', '/api/auth/user', { confirm: `not-${email}` });
  assert.equal(wrong.status, 400, JSON.stringify(wrong.json));
  const deleted = await call(member, 'DELETE', '/api/auth/user', { confirm: ` ${email.toUpperCase()} ` });
  assert.equal(deleted.status, 204, JSON.stringify(deleted.json));
  await until(
    'the deleted account’s session is refused',
    async () => (await call(member, 'GET', '/api/auth/user')).status === 401 || undefined,
    TIMEOUT_MS,
  );
  await until(
    'a goodbye mail',
    async () => (await mailsTo(email)).some((mail) => /deleted/i.test(JSON.stringify(mail))) || undefined,
    TIMEOUT_MS,
  );

  // Afterwards no service answers the address or the name: what stays (the review, the creator
  // profile, the report, the audit entries) is nameless.
  const reads: [Account | undefined, string][] = [
    [undefined, `/api/films/${reviewed.id}/reviews?limit=100`],
    [undefined, `/api/creators/${creator.id}`],
    [undefined, `/api/creators/${followed.id}`],
    [admin, `/api/auth/users?q=${encodeURIComponent(email)}`],
    [admin, `/api/auth/users?q=${name.lastName}`],
    [admin, `/api/auth/users?q=deleted-${member.id}`],
    [admin, '/api/admin/reports?limit=100'],
    [admin, `/api/admin/audit?targetType=user&targetId=${member.id}`],
    [admin, `/api/admin/audit?actorUserId=${member.id}`],
  ];
  for (const [who, path] of reads) {
    await until(
      `GET ${path} no longer names the member`,
      async () => {
        const { status, json } = await call(who, 'GET', path);
        return (status === 200 && named(JSON.stringify(json)).length === 0) || undefined;
      },
      TIMEOUT_MS,
    );
  }
  const reviews = await must<{ id: number; user: { firstName: string | null } }[]>(
    undefined,
    'GET',
    `/api/films/${reviewed.id}/reviews?limit=100`,
  );
  assert.ok(
    reviews.some((each) => each.id === review.id && !each.user.firstName),
    'the review stays, without a name',
  );
  const profile = await must<{ bio: string }>(undefined, 'GET', `/api/creators/${creator.id}`);
  assert.equal(profile.bio, 'This creator has left Kinora.');
  const audit = await must<{ action: string }[]>(
    admin,
    'GET',
    `/api/admin/audit?targetType=user&targetId=${member.id}`,
  );
  assert.deepEqual(
    audit.map((entry) => entry.action).sort(),
    ['account.deleted', 'account.exported'],
    'both on the audit log',
  );

  // Nothing left open for the admin's queue.
  await must(admin, 'PATCH', `/api/admin/reports/${report.id}`, { status: 'dismissed' });
});
