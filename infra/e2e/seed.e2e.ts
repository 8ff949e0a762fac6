/**
 * The demo seed (run by `make up`) is idempotent: running it again adds nothing. Also checks
 * that what it loaded is real: published films with playable HLS and a poster, from several
 * creators. Run after `make up`, with the same environment.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ROOT, SERVICES } from '../local/config';

const execFileAsync = promisify(execFile);

const GATEWAY = (process.env.KINORA_URL ?? 'http://localhost:8080').replace(/\/$/, '');
// Counted at the catalog service itself: the gateway's micro-cache may answer a few seconds stale.
const CATALOG = `http://127.0.0.1:${SERVICES.find((service) => service.name === 'catalog')!.port}`;

interface Film {
  id: number;
  title: string;
  status: string;
  videoUrl: string | null;
  posterUrl: string | null;
  creator: { id: number };
}

/** What the demo community's seeder said about the steps it did not do (make up's log of it). */
function communitySeedOutcome(): string {
  const path = join(ROOT, '.run', 'logs', 'community-seed.log');
  if (!existsSync(path)) return 'no community-seed log here';
  const lines = readFileSync(path, 'utf8').split('\n');
  return lines
    .filter((line) => /skipped|failed|loaded|Error/.test(line))
    .slice(-40)
    .join('\n');
}

const films = async () => (await (await fetch(`${CATALOG}/api/films?limit=100`)).json()) as Film[];
const creators = async () =>
  ((await (await fetch(`${CATALOG}/api/creators?limit=100`)).json()) as unknown[]).length;

test('the demo catalog is real: published films with HLS renditions and posters', async () => {
  const loaded = await films();
  assert.ok(loaded.length >= 8, `at least the quick set (${loaded.length})`);
  assert.ok(new Set(loaded.map((film) => film.creator.id)).size >= 5, 'several creators');
  for (const film of loaded.slice(0, 3)) {
    assert.equal(film.status, 'published');
    const master = await (await fetch(`${GATEWAY}${film.videoUrl}`)).text();
    assert.match(master, /RESOLUTION=640x360/);
    assert.match(master, /RESOLUTION=1280x720/);
    const poster = await fetch(`${GATEWAY}${film.posterUrl}`);
    assert.equal(poster.headers.get('content-type'), 'image/jpeg');
  }
});

test('the demo community is real: reviews reach the films ratings, follows the creators', async () => {
  // community-seed acts on each film once it is published; its events reach catalog shortly after.
  // The film's rating follows its reviews through events (other tests review films too), so it is
  // read until it is the mean of the reviews read with it.
  const deadline = Date.now() + 90_000;
  type Review = { rating: number; user: { firstName: string } };
  let film: (Film & { rating: string | null }) | undefined;
  let reviews: Review[] = [];
  let mean = NaN;
  for (;;) {
    const loaded = (await films()) as (Film & { rating: string | null })[];
    film = loaded.find((candidate) => candidate.title === 'Rule 110');
    if (film) {
      reviews = (await (await fetch(`${GATEWAY}/api/films/${film.id}/reviews?limit=100`)).json()) as Review[];
      mean = Math.round((reviews.reduce((sum, review) => sum + review.rating, 0) / reviews.length) * 10) / 10;
      if (reviews.length >= 2 && Number(film.rating) === mean) break;
    }
    assert.ok(
      Date.now() < deadline,
      `Rule 110's rating never became the mean of its ${reviews.length} demo reviews (${mean}): ${JSON.stringify(film)}\n` +
        `reviews: ${JSON.stringify(reviews.map((review) => [review.rating, review.user.firstName]))}\n` +
        `the community seed's log:\n${communitySeedOutcome()}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  // Other tests' members review too, some without a name: the demo's reviewers have theirs.
  assert.ok(
    reviews.filter((review) => review.user.firstName).length >= 2,
    `demo reviewers have names: ${JSON.stringify(reviews.map((review) => review.user))}`,
  );
  const followed = (await (await fetch(`${CATALOG}/api/creators?limit=100`)).json()) as {
    _count: { followers: number };
  }[];
  assert.ok(
    followed.some((creator) => creator._count.followers > 0),
    'some creator has followers',
  );
});

test('seeding again adds nothing', async () => {
  const before = { films: (await films()).map((film) => film.id).sort(), creators: await creators() };
  // Not spawnSync: a blocked event loop never sees catalog close the idle keep-alive socket, and
  // the next fetch would be sent on a socket that is already gone.
  const result = await execFileAsync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'infra', 'local', 'main.ts'), 'seed'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: process.env,
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { code?: number; stdout?: string; stderr?: string }) => {
    assert.fail(`the seed exited ${error.code}\n${error.stdout}\n${error.stderr}`);
  });
  assert.match(result.stdout, /\(0 new\)/);
  assert.deepEqual((await films()).map((film) => film.id).sort(), before.films);
  assert.equal(await creators(), before.creators);
});
