/**
 * A soak of the running platform (make up) through the gateway: simulated viewers for minutes,
 * checking that nothing fails, that no process grows and that Kafka keeps up.
 *
 *   npx tsx bench/soak/run.ts                                   (CI: 100 viewers, 2 minutes)
 *   SOAK_VIEWERS=500 SOAK_MINUTES=10 npx tsx bench/soak/run.ts  (the full soak)
 *
 * Signs SOAK_MEMBERS members in (bench/lib/session.ts; auth allows 30 sign-in codes per client
 * address an hour, so no more than that), then runs SOAK_VIEWERS viewers (bench/soak/viewer.ts)
 * for SOAK_MINUTES: a quarter of them anonymous, the others sharing the members' cookies like
 * households. Each loops: the site's index.html, browse (films by sort or genre, trending,
 * search), open a film (the film, its reviews, critic reviews, likes, related films, follow
 * status), signed in sometimes follow or unfollow its creator, play it (a viewing session, the HLS
 * master, a rendition playlist and a segment, the ad breaks: selection, the ad's playlist, start
 * and complete; then an update every 30 s with jitter, 1 to 4 of them, and the close), and, signed
 * in, sometimes review it (posting again replaces the member's review); think times of 2-6 s
 * between steps. A campaign of
 * the soak's own (bench/soak/campaign.ts) fills the ad breaks; it is paused at the end.
 *
 * Checks, each failing the run (exit 1):
 *  - 0 errors: any answer a call does not document (5xx, unexpected 4xx), network error or timeout;
 *  - RSS of every platform process (.run/pids, nginx with its workers) sampled every 10 s: after
 *    the warm-up (the first quarter of the run, at least 75 s, or SOAK_WARMUP_SECONDS), the lowest
 *    sample of the second half grows less than 10 % over the lowest of the first half (a heap
 *    saw-tooths between collections; a leak raises its floor). The Node services' heaps grow
 *    under load for about a minute before they level off: a warm-up of 30 s ends inside that
 *    climb, one of 75 s after it;
 *  - Kafka consumer lag (kafka_consumer_lag on every service's /metrics) back to 0 within 10 s
 *    after the last viewer stopped.
 * Prints count, p50, p99 and max per route, with each route's p99 against the baseline of the same
 * run: GET / (nginx serving the SPA's static index.html), which every viewer loop requests.
 *
 * Settings: SOAK_VIEWERS (100), SOAK_MINUTES (2), SOAK_MEMBERS (20; 0: every viewer anonymous),
 * SOAK_WARMUP_SECONDS (a quarter of the run, at least 75),
 * BENCH_GATEWAY_URL (http://127.0.0.1:8080), MAILDEV_URL (http://127.0.0.1:1080).
 */
import { setMaxListeners } from 'node:events';

import { PID_DIR } from '../../infra/local/config.js';
import { signIn } from '../lib/session.js';
import { BenchError, fetchText, run, setting, gatewayUrlSetting, maildevUrlSetting } from '../lib/wrk.js';
import { createCampaign, removeCampaign } from '../lib/campaign.js';
import { totalLag, waitForLag } from '../../infra/local/consumer-lag.js';
import { platformProcesses, rssReport, sampleRss, type Platform, type RssSample } from './processes.js';
import { Recorder } from './stats.js';
import { BASELINE_ROUTE, Viewer, type Film, type Member } from './viewer.js';

const RSS_GROWTH_LIMIT = 0.1;
const LAG_LIMIT_MS = 10_000;
const RSS_EVERY_MS = 10_000;
const PROGRESS_EVERY_MS = 30_000;

async function loadFilms(gateway: string): Promise<Film[]> {
  const { status, body } = await fetchText(`${gateway}/api/films?limit=100`);
  if (status !== 200) throw new BenchError(`GET /api/films answered ${status}: ${body}`, 2);
  const films = (
    JSON.parse(body) as {
      id: number;
      title: string;
      genre: string;
      duration: number;
      creator: { id: number };
    }[]
  ).map((film) => ({
    id: film.id,
    title: film.title,
    genre: film.genre,
    duration: film.duration,
    creatorId: film.creator.id,
  }));
  if (films.length === 0)
    throw new BenchError('no published film: wait for the demo catalog (make status)', 2);
  return films;
}

/**
 * Runs the viewers for `durationMs`, sampling RSS; then waits for the viewers to close their
 * sessions and for the Kafka lag to be back to 0.
 */
async function soakFor(
  gateway: string,
  films: Film[],
  members: Member[],
  processes: Platform[],
  { viewerCount, durationMs, warmupMs }: { viewerCount: number; durationMs: number; warmupMs: number },
) {
  const recorder = new Recorder(gateway);
  const stop = new AbortController();
  // Every viewer's waits listen to it.
  setMaxListeners(0, stop.signal);
  const soak = { recorder, films, stop: stop.signal };
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const elapsed = () => performance.now() - started;
  const samples: RssSample[] = [sampleRss(processes, 0)];
  const sampler = setInterval(() => samples.push(sampleRss(processes, elapsed())), RSS_EVERY_MS);
  const progress = setInterval(
    () =>
      console.log(
        `  ${(elapsed() / 1000).toFixed(0)} s: ${recorder.requests()} requests, ${recorder.errors} errors`,
      ),
    PROGRESS_EVERY_MS,
  );
  const spreadMs = Math.min(20_000, warmupMs / 2);
  // Every fourth viewer anonymous, the others dealt to the members in turn.
  let dealt = 0;
  const viewers = Array.from({ length: viewerCount }, (_, n) => {
    const member = n % 4 === 3 || members.length === 0 ? undefined : members[dealt++ % members.length];
    return new Viewer(soak, n, member).run((n / viewerCount) * spreadMs);
  });
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  stop.abort();
  clearInterval(sampler);
  clearInterval(progress);
  // The last sample at the end of the load (unless the timer just took one).
  if (elapsed() - samples.at(-1)!.atMs > RSS_EVERY_MS / 5) samples.push(sampleRss(processes, elapsed()));
  // Viewers playing close their sessions: the load has stopped once they all returned.
  await Promise.all(viewers);
  const cpu = process.cpuUsage(cpuBefore);
  // The generator's own share of a core: well under 1 means it was not the bottleneck.
  const generatorCpu = (cpu.user + cpu.system) / 1000 / elapsed();
  const seconds = elapsed() / 1000;
  const lag = await waitForLag(LAG_LIMIT_MS);
  return { recorder, samples, lag, seconds, generatorCpu };
}

async function main(): Promise<void> {
  const viewerCount = setting('SOAK_VIEWERS', 100);
  const durationMs = setting('SOAK_MINUTES', 2) * 60_000;
  // 0: every viewer anonymous (no sign-in code spent).
  const memberCount = process.env.SOAK_MEMBERS === '0' ? 0 : setting('SOAK_MEMBERS', 20);
  const gateway = gatewayUrlSetting();
  const maildev = maildevUrlSetting();
  const warmupMs =
    process.env.SOAK_WARMUP_SECONDS === undefined
      ? Math.max(75_000, durationMs / 4)
      : setting('SOAK_WARMUP_SECONDS', 75) * 1000;
  if (warmupMs > durationMs - 30_000)
    throw new BenchError('the run needs at least 30 s after its warm-up: raise SOAK_MINUTES', 2);

  const processes = platformProcesses(PID_DIR);
  const films = await loadFilms(gateway);
  const before = await totalLag();
  if (before.unreachable.length > 0)
    throw new BenchError(`no /metrics from ${before.unreachable.join(', ')}: is the platform up?`, 2);

  // First, so that a refusal costs no sign-in code; deleted however the soak ends.
  const campaign = await createCampaign('Soak', durationMs);
  if (!campaign) console.log('no creative video for a campaign of the soak: ad breaks stay empty (204)');
  const { recorder, samples, lag, seconds, generatorCpu } = await (async () => {
    const members: Member[] = [];
    for (let i = 0; i < memberCount; i++) {
      members.push({
        cookie: await signIn(gateway, maildev),
        writes: Promise.resolve(),
        following: new Set(),
      });
    }
    const anonymous = members.length > 0 ? ', a quarter anonymous' : '';
    console.log(
      `soak: ${viewerCount} viewers (${members.length} members${anonymous}) for ${durationMs / 60_000} min ` +
        `on ${films.length} films through ${gateway}; warm-up ${warmupMs / 1000} s; ` +
        `watching ${processes.map((p) => p.name).join(', ')}; Kafka lag before: ${before.lag}`,
    );
    return soakFor(gateway, films, members, processes, { viewerCount, durationMs, warmupMs });
  })().finally(() => (campaign ? removeCampaign(campaign) : undefined));

  console.log(
    `\n${recorder.requests()} requests in ${seconds.toFixed(0)} s, ${recorder.errors} errors ` +
      `(the load generator used ${(generatorCpu * 100).toFixed(0)} % of one core)`,
  );
  recorder.print(BASELINE_ROUTE);
  if (recorder.examples.length > 0) {
    console.log(`\nfirst errors:`);
    for (const example of recorder.examples) console.log(`  ${example}`);
  }
  console.log(
    `\nRSS (${samples.length} samples, every ${RSS_EVERY_MS / 1000} s; growth: the lowest sample of the`,
  );
  console.log(
    `second half after the warm-up against the lowest of the first half, limit ${RSS_GROWTH_LIMIT * 100} %)`,
  );
  const grown = rssReport(processes, samples, warmupMs, RSS_GROWTH_LIMIT);
  console.log(
    `\nKafka consumer lag after the load stopped: ` +
      (lag.tookMs === Infinity
        ? `still ${lag.last} after ${(LAG_LIMIT_MS + 20_000) / 1000} s`
        : `0 after ${(lag.tookMs / 1000).toFixed(1)} s`) +
      ` (limit ${LAG_LIMIT_MS / 1000} s)`,
  );

  const failures = [
    recorder.errors > 0 ? `${recorder.errors} errors` : '',
    grown.length > 0 ? `RSS grew more than ${RSS_GROWTH_LIMIT * 100} %: ${grown.join(', ')}` : '',
    lag.tookMs > LAG_LIMIT_MS ? `Kafka lag not back to 0 within ${LAG_LIMIT_MS / 1000} s` : '',
  ].filter(Boolean);
  if (failures.length > 0) throw new BenchError(`\nsoak FAILED: ${failures.join('; ')}`, 1);
  console.log('\nsoak passed: 0 errors, RSS flat, Kafka lag back to 0');
}

run(main);
