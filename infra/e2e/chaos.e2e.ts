/**
 * Fault drills at a small scale, against `make test`'s platform (infra/chaos/: the full-scale runs
 * and what each drill checks): Kafka stopped for 20 s, PostgreSQL and Redis restarted, and each
 * service and worker killed, each under visitors' viewing sessions and ad breaks and a member's
 * reviews. Every write answered 2xx ends where it should, none twice, and everything is answered
 * again by itself soon after.
 * Run: node --import tsx --test infra/e2e/chaos.e2e.ts
 * (it stops and starts this checkout's Kafka and the machine's PostgreSQL and Redis)
 */
import assert from 'node:assert/strict';
import { before, test } from 'node:test';

import { describeDrill } from '../chaos/drill';
import { prepareDrills, type Drills } from '../chaos/drills';
import { GATEWAY } from './support';

let drills: Drills;
let log: (line: string) => void = () => undefined;

before(async () => {
  drills = await prepareDrills(
    GATEWAY,
    { viewers: 8, outageMs: 20_000, steadyMs: 6_000, recoverWithinS: 45 },
    (line) => log(line),
  );
});

const cases = [
  [
    'kafka',
    'Kafka stopped for 20 s: every accepted write is rolled up once, and producers and consumers recover',
  ],
  ['postgres', 'PostgreSQL restarted: JSON 503 while it is down, recovery by itself, no accepted write lost'],
  ['redis', 'Redis restarted: workers and rate limits recover, no job lost, no sign-in code usable twice'],
  [
    'kill',
    "each service and worker killed with SIGKILL: JSON 502/503 for that service's routes only, nothing lost",
  ],
] as const;

for (const [name, title] of cases) {
  test(title, async (t) => {
    log = (line) => t.diagnostic(line);
    const report = await drills.run[name]();
    for (const line of describeDrill(report).split('\n')) t.diagnostic(line);
    assert.deepEqual(report.problems, []);
  });
}
