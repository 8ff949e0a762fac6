/**
 * The platform's main flows end to end, through the gateway (KINORA_URL) and maildev's REST API
 * (MAILDEV_URL) only: sign-in with the mailed code; browsing, with a film's HLS fetched from
 * /media/; a member's review and follow; a creator's upload over tus, transcoded, approved by an
 * admin and played, and a viewing session of it reaching the creator's analytics. Ads and the
 * admin's ad figures are in flows-money.e2e.ts.
 * Run: node --import tsx --test --test-concurrency=1 infra/compose/e2e/*.e2e.ts
 *   KINORA_URL, MAILDEV_URL, E2E_ADMIN_EMAIL (an address in the platform's ADMIN_EMAILS)
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { VIEW_QUALIFYING_SECONDS, VIEW_SHORT_FILM_SECONDS } from '@kinora/contracts';

import { submitFilm, type StudioFilm } from '../../e2e/studio';
import { adminSession, GATEWAY, makeTestClip, signIn } from '../../e2e/support';
import { account, becomeCreator, call, must, until, type Account } from '../../fuzz/platform';
import { adminAccount, assertPlayable, publishedFilms, unique, type Film } from './flows-support';

const EVENTS_MS = 60_000;
/** The uploaded clip's length. */
const CLIP_SECONDS = 4;

let dir: string;
let clip: Uint8Array<ArrayBuffer>;

// Made before any request: ffmpeg blocks the event loop, which must not hold a kept-alive socket.
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'kinora-compose-e2e-'));
  clip = new Uint8Array(readFileSync(makeTestClip(join(dir, 'test-card.mp4'), CLIP_SECONDS)));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe('accounts', () => {
  test('a new address signs in with the code mailed to maildev; the admin address as an admin', async () => {
    const email = unique('member');
    const { cookie, code, user } = await signIn(email);
    assert.match(code, /^\d{6}$/, 'the mailed code is six digits');
    assert.equal(user.isAdmin, false, `${email} is no admin`);
    const me = await must<{ id: string; email: string }>(
      { email, cookie, id: user.id },
      'GET',
      '/api/auth/user',
    );
    assert.equal(me.id, user.id, 'the session cookie identifies the signed-in user at the gateway');
    assert.equal(me.email, email, 'the user is the address that signed in');
    const member = await fetch(`${GATEWAY}/api/admin/stats`, { headers: { cookie } });
    assert.equal(member.status, 403, 'a member does not reach an admin-only call');

    const admin = await adminSession();
    const stats = await fetch(`${GATEWAY}/api/admin/stats`, { headers: { cookie: admin.cookie } });
    assert.equal(stats.status, 200, 'the admin session reaches an admin-only call');
  });
});

describe('browsing', () => {
  test('the films list and search answer with published films; one film plays from /media/', async () => {
    const films = await publishedFilms();
    assert.ok(films.length > 0, 'the films list has films');
    for (const film of films) assert.equal(film.status, 'published', `listed film ${film.id} is published`);

    const film = films[0]!;
    const query = encodeURIComponent(film.title);
    const found = await must<Film[]>(undefined, 'GET', `/api/films/search?q=${query}`);
    assert.ok(
      found.some((each) => each.id === film.id),
      `searching "${film.title}" finds it (found: ${found.map((each) => each.title).join(', ')})`,
    );
    for (const each of found) assert.equal(each.status, 'published', `found film ${each.id} is published`);

    await assertPlayable(film.videoUrl);
  });
});

describe('community', () => {
  test('a member reviews a film and follows its creator; the follow status says so', async () => {
    const member = await account(unique('reviewer'));
    const [film] = await publishedFilms();
    assert.ok(film, 'a published film to review');

    const text = `A test card with a tone, by ${member.email}.`;
    const review = await must<{ id: number; rating: number; review: string; user: { id: string } }>(
      member,
      'POST',
      `/api/films/${film.id}/reviews`,
      { rating: 8, review: text },
    );
    assert.equal(review.user.id, member.id, 'the review is the member’s');
    assert.deepEqual([review.rating, review.review], [8, text], 'the review is stored as written');
    const reviews = await must<{ id: number }[]>(undefined, 'GET', `/api/films/${film.id}/reviews?limit=100`);
    assert.ok(
      reviews.some((each) => each.id === review.id),
      `the film's reviews list the new one (${reviews.length} listed)`,
    );

    const creator = film.creator.id;
    const status = async () =>
      (await must<{ isFollowing: boolean }>(member, 'GET', `/api/follow/${creator}/status`)).isFollowing;
    assert.equal(await status(), false, 'a new member follows nobody yet');
    const followed = await must<{ isFollowing: boolean; followerCount: number }>(
      member,
      'POST',
      `/api/follow/${creator}`,
    );
    assert.equal(followed.isFollowing, true, 'the follow answer says following');
    assert.ok(followed.followerCount >= 1, `the creator counts the follower (${followed.followerCount})`);
    assert.equal(await status(), true, 'the follow status says following');
  });
});

type CreatorsFilm = { creator: Account; profileId: number; film: Film };
let creatorsFilm: Promise<CreatorsFilm> | undefined;

/** A new creator's film, uploaded, transcoded, approved and published: once per run (memoized). */
const publishCreatorsFilm = () => (creatorsFilm ??= uploadAndPublish());

async function uploadAndPublish(): Promise<CreatorsFilm> {
  const creator = await account(unique('creator'));
  const profileId = await becomeCreator(creator, 'Makes test cards for the compose end-to-end flows.');

  const title = `Compose Test Card ${Date.now().toString(36)}`;
  const made = await submitFilm(creator, clip, title);
  assert.equal((await call(undefined, 'GET', `/api/films/${made.id}`)).status, 404, 'visitors never see it');

  const admin = await adminAccount();
  await until(
    'the film in the admin’s review queue',
    async () =>
      (await must<{ id: number }[]>(admin, 'GET', '/api/admin/films/pending?limit=100')).some(
        (pending) => pending.id === made.id,
      ) || undefined,
    EVENTS_MS,
  );
  const decided = await must<{ status: string }>(admin, 'PATCH', `/api/admin/films/${made.id}/status`, {
    status: 'published',
  });
  assert.equal(decided.status, 'published', 'the admin’s decision is to publish');

  const film = await until(
    `"${title}" published for visitors`,
    async () => {
      const answer = await call(undefined, 'GET', `/api/films/${made.id}`);
      return answer.status === 200 && (answer.json as Film).status === 'published'
        ? (answer.json as Film)
        : undefined;
    },
    EVENTS_MS,
  );
  return { creator, profileId, film };
}

describe('a creator’s film', () => {
  test('uploaded over tus, transcoded to pending, approved by an admin, then published and playable', async () => {
    const { creator, profileId, film } = await publishCreatorsFilm();
    assert.equal(film.creator.id, profileId, 'the published film is the creator’s');
    const studio = await must<StudioFilm>(creator, 'GET', `/api/studio/films/${film.id}`);
    assert.equal(studio.status, 'published', 'the creator’s studio shows it published');
    await assertPlayable(film.videoUrl);
  });

  test('a viewing session past the view threshold shows in its creator’s analytics', async () => {
    const { creator, profileId, film } = await publishCreatorsFilm();
    // The view rule (docs/analytics-and-money.md): 30 s, or half of a film shorter than 60 s.
    const threshold = CLIP_SECONDS < VIEW_SHORT_FILM_SECONDS ? CLIP_SECONDS / 2 : VIEW_QUALIFYING_SECONDS;
    const watched = Math.min(CLIP_SECONDS, threshold + 1);

    const sessionId = randomUUID();
    const started = Date.now() - (watched + 2) * 1000;
    const opened = await call(undefined, 'POST', '/api/analytics/viewing-session', {
      sessionId,
      filmId: film.id,
      deviceType: 'desktop',
      sessionStartTime: new Date(started).toISOString(),
      startPosition: 0,
    });
    assert.equal(opened.status, 202, `the session opens: ${JSON.stringify(opened.json)}`);
    const { token } = opened.json as { token: string };
    const progress = (end?: Date) => ({
      endPosition: watched,
      totalWatchTime: watched,
      pauseCount: 0,
      seekCount: 0,
      updatedAt: new Date().toISOString(),
      watchedRanges: [{ start: 0, end: watched }],
      ...(end ? { sessionEndTime: end.toISOString() } : {}),
    });
    const path = `/api/analytics/viewing-session/${sessionId}`;
    const untokened = await call(undefined, 'PATCH', path, progress());
    assert.equal(untokened.status, 403, 'an update without the session’s write token is refused');
    const headers = { 'x-viewing-session-token': token };
    assert.equal((await call(undefined, 'PATCH', path, progress(), headers)).status, 202, 'the update');
    assert.equal(
      (await call(undefined, 'PATCH', path, progress(new Date()), headers)).status,
      202,
      'the close',
    );

    const figures = await until(
      'the view in the creator’s analytics',
      async () => {
        const answer = await call(creator, 'GET', `/api/analytics/creator/${profileId}`);
        // 404 until analytics has heard of the new creator.
        assert.ok([200, 404].includes(answer.status), `creator analytics: ${answer.status}`);
        const body = answer.json as {
          totalViews: number;
          topFilms: { film: { id: number }; views: number }[];
        };
        return answer.status === 200 && body.totalViews > 0 ? body : undefined;
      },
      EVENTS_MS,
    );
    assert.equal(figures.totalViews, 1, 'one view for the creator');
    const ours = figures.topFilms.find((each) => each.film.id === film.id);
    assert.equal(ours?.views, 1, 'the view is the film’s');
  });
});
