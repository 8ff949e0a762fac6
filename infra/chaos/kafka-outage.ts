/**
 * Fault drill: Kafka stops for a while and starts again under the drills' load (viewing-session
 * updates, ad tracking, a member's reviews). The broker is stopped (SIGTERM, as `make down` stops
 * it) for `outageMs`, then started again with its data; no service is restarted.
 *
 * While the broker is away a call that must publish answers a JSON 503 within 10 s (the player
 * tries again); ad tracking and reviews go through each service's outbox and are accepted
 * throughout. Afterwards every accepted write is in the rollups once (session-load.ts, ad-load.ts,
 * review-load.ts), writes are accepted again soon after the restart, and every consumer group of
 * every process gets back to no lag (a consumer kafkajs gave up on is started again).
 */
import { ensureKafka } from '../local/kafka';
import { stop } from '../local/proc';
import { sleep, type DrillReport } from './drill';
import { underLoad, type DrillSetup, type UnderLoadOptions } from './load';

export interface KafkaOutageOptions extends UnderLoadOptions {
  outageMs: number;
}

export async function runKafkaOutage(setup: DrillSetup, options: KafkaOutageOptions): Promise<DrillReport> {
  const run = await underLoad(setup, options, async () => {
    setup.log(`kafka-outage: stopping Kafka for ${options.outageMs / 1000} s`);
    await stop('kafka', 30_000);
    await sleep(options.outageMs);
    await ensureKafka();
    setup.log('kafka-outage: Kafka is back');
    return Date.now();
  });
  return { drill: `Kafka stopped for ${options.outageMs / 1000} s`, ...run };
}
