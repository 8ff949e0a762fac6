/**
 * Runs the fault drills against the running platform (make up) and prints each one's counts.
 *
 *   npx tsx infra/chaos/run.ts
 *
 * Settings: CHAOS_VIEWERS (20), CHAOS_OUTAGE_S (20), CHAOS_STEADY_S (10), KINORA_URL
 * (http://localhost:8080). Run it with the environment `make up` had (KINORA_DB_PREFIX): the drill
 * reads the analytics database. It stops and starts this checkout's Kafka.
 */
import { databaseUrl, SERVICES } from '../local/config';
import {
  describeKafkaOutage,
  kafkaOutageProblems,
  platformMetricsUrls,
  runKafkaOutage,
} from './kafka-outage';

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  const gateway = (process.env.KINORA_URL ?? 'http://localhost:8080').replace(/\/$/, '');
  const analytics = SERVICES.find((service) => service.name === 'analytics')!;
  const films = (await (await fetch(`${gateway}/api/films`)).json()) as { id: number }[];
  if (!films[0]) throw new Error('no published film: wait for the demo catalog (make status)');
  const report = await runKafkaOutage({
    gateway,
    analyticsDatabaseUrl: databaseUrl(analytics.database),
    filmId: films[0].id,
    viewers: setting('CHAOS_VIEWERS', 20),
    outageMs: setting('CHAOS_OUTAGE_S', 20) * 1000,
    steadyMs: setting('CHAOS_STEADY_S', 10) * 1000,
    metricsUrls: platformMetricsUrls(),
    log: console.log,
  });
  console.log(describeKafkaOutage(report));
  const problems = kafkaOutageProblems(report, 45);
  for (const problem of problems) console.log(`FAILED: ${problem}`);
  process.exitCode = problems.length ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
