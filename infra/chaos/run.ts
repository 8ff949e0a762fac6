/**
 * Runs the fault drills against the running platform (make up) and prints each one's counts.
 *
 *   npx tsx infra/chaos/run.ts
 *
 * Settings: CHAOS_DRILLS (kafka,postgres,redis,kill), CHAOS_VIEWERS (20), CHAOS_OUTAGE_S (20),
 * CHAOS_STEADY_S (10), KINORA_URL (http://localhost:8080), MAILDEV_URL. Run it with the
 * environment `make up` had (KINORA_DB_PREFIX, REDIS_PREFIX): the drills read the services'
 * databases. They stop and start this checkout's Kafka and the machine's PostgreSQL and Redis.
 */
import { describeDrill } from './drill';
import { DRILL_NAMES, prepareDrills, type DrillName } from './drills';

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

async function main(): Promise<void> {
  const gateway = (process.env.KINORA_URL ?? 'http://localhost:8080').replace(/\/$/, '');
  const names = (process.env.CHAOS_DRILLS ?? DRILL_NAMES.join(',')).split(',') as DrillName[];
  const unknown = names.filter((name) => !DRILL_NAMES.includes(name));
  if (unknown.length)
    throw new Error(`unknown drill ${unknown.join(', ')}: pick from ${DRILL_NAMES.join(', ')}`);
  const drills = await prepareDrills(
    gateway,
    {
      viewers: setting('CHAOS_VIEWERS', 20),
      outageMs: setting('CHAOS_OUTAGE_S', 20) * 1000,
      steadyMs: setting('CHAOS_STEADY_S', 10) * 1000,
      recoverWithinS: 45,
    },
    console.log,
  );
  let failed = false;
  for (const name of names) {
    const report = await drills.run[name]();
    console.log(describeDrill(report));
    failed ||= report.problems.length > 0;
  }
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
