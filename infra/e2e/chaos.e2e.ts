/**
 * Fault drills at a small scale, against `make test`'s platform (infra/chaos/: the full-scale runs
 * and what each drill checks). Kafka is stopped for 20 s while visitors' players send progress
 * updates through the gateway, then started again with no service restarted: every update answered
 * 202 is in the stored sessions and the rollup, none twice, and updates are accepted again soon
 * after the broker is back.
 * Run: node --import tsx --test infra/e2e/chaos.e2e.ts   (stops and starts this checkout's Kafka)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  describeKafkaOutage,
  kafkaOutageProblems,
  platformMetricsUrls,
  runKafkaOutage,
} from '../chaos/kafka-outage';
import { databaseUrl, SERVICES } from '../local/config';
import { GATEWAY } from './support';

/** Seconds after the broker's restart by which updates must be accepted again. */
const RECOVER_WITHIN_S = 45;

test('Kafka stopped for 20 s during viewing-session ingestion: every accepted update is rolled up once', async (t) => {
  const films = (await (await fetch(`${GATEWAY}/api/films`)).json()) as { id: number }[];
  assert.ok(films[0], 'the catalog has a published film');
  const analytics = SERVICES.find((service) => service.name === 'analytics')!;
  const report = await runKafkaOutage({
    gateway: GATEWAY,
    analyticsDatabaseUrl: databaseUrl(analytics.database),
    filmId: films[0].id,
    viewers: 10,
    outageMs: 20_000,
    steadyMs: 8_000,
    metricsUrls: platformMetricsUrls(),
    log: (line) => t.diagnostic(line),
  });
  for (const line of describeKafkaOutage(report).split('\n')) t.diagnostic(line);
  assert.deepEqual(kafkaOutageProblems(report, RECOVER_WITHIN_S), []);
});
