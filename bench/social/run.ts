/**
 * The film page's reads for a signed-in member, against the running platform (make up, with the
 * demo seed), with wrk.
 *
 *   npx tsx bench/social/run.ts
 *
 * Signs a fresh member in (the code read from maildev), picks a published film, then measures in
 * one run, 64 connections each (BENCH_CONNECTIONS):
 *   anonymous-detail  GET /api/films/{id} without a session: the baseline
 *   member-detail     GET /api/films/{id} as the member
 *   member-reviews    GET /api/films/{id}/reviews as the member
 *   member-critics    GET /api/films/{id}/critic-reviews as the member
 *   member-follow     GET /api/follow/{creatorId}/status as the member
 *   member-page       the four reads above in turn on every connection, as the page makes them
 * and prints req/s, p50, p99 and each member scenario's ratio to the anonymous film detail.
 *
 * Settings: BENCH_GATEWAY_URL (http://127.0.0.1:8080), MAILDEV_URL (http://127.0.0.1:1080),
 * BENCH_DURATION (10), BENCH_WARMUP (2), BENCH_CONNECTIONS (64), BENCH_THREADS (2).
 */
import {
  BenchError,
  fetchText,
  runWrkBench,
  type Scenario,
  maildevUrlSetting,
  measureAndCompare,
} from '../lib/wrk.js';
import { signIn } from '../lib/session.js';

async function main(gatewayUrl: string): Promise<void> {
  const maildevUrl = maildevUrlSetting();

  const list = await fetchText(`${gatewayUrl}/api/films?limit=50&sort=rating`);
  const [film] =
    list.status === 200 ? (JSON.parse(list.body) as { id: number; creator: { id: number } }[]) : [];
  if (!film) throw new BenchError('No published film: bring the platform up with the demo seed (make up)', 2);
  const cookie = await signIn(gatewayUrl, maildevUrl);

  const reads = {
    'member-detail': `/api/films/${film.id}`,
    'member-reviews': `/api/films/${film.id}/reviews`,
    'member-critics': `/api/films/${film.id}/critic-reviews`,
    'member-follow': `/api/follow/${film.creator.id}/status`,
  };
  for (const [name, path] of Object.entries(reads)) {
    const probe = await fetchText(`${gatewayUrl}${path}`, { Cookie: cookie });
    if (probe.status !== 200)
      throw new BenchError(`${name}: ${path} answered ${probe.status}: ${probe.body}`, 2);
  }

  const scenarios: Scenario[] = [
    {
      name: 'anonymous-detail',
      description: `GET /api/films/${film.id}, no session`,
      url: `${gatewayUrl}/api/films/${film.id}`,
      headers: {},
    },
    ...Object.entries(reads).map(([name, path]) => ({
      name,
      description: `GET ${path}, signed in`,
      url: `${gatewayUrl}${path}`,
      headers: { Cookie: cookie },
    })),
    {
      name: 'member-page',
      description: 'the four reads in turn, signed in',
      url: gatewayUrl,
      headers: { Cookie: cookie },
      rotate: Object.values(reads),
    },
  ];
  await measureAndCompare(
    scenarios,
    [...Object.keys(reads), 'member-page'].map((name) => [name, 'anonymous-detail']),
  );
}

runWrkBench(main);
