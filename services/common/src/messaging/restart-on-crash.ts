import type { Consumer } from 'kafkajs';

/** How long after a crash, and between failed attempts, a consumer is started again. */
export const CONSUMER_RESTART_DELAY_MS = 5_000;

/**
 * kafkajs starts a crashed consumer again only after an error it deems retriable. Some errors of a
 * broker outage are not ("Failed to find group coordinator" while the broker restarts), and the
 * consumer would then stay stopped for good, its lag growing. This calls `restart` a while after
 * such a crash, and again until it succeeds, as long as `consumer` is still the current one (not
 * stopped or replaced meanwhile).
 */
export function restartWhenCrashed(
  consumer: Consumer,
  isCurrent: () => boolean,
  restart: () => Promise<void>,
  logger: { warn: (message: unknown, context?: string) => void },
): void {
  consumer.on(consumer.events.CRASH, ({ payload }) => {
    if (payload.restart) return;
    const attempt = () => {
      if (!isCurrent()) return;
      restart().catch((error: unknown) => {
        logger.warn(`the consumer could not start again (${String(error)}); trying again`);
        setTimeout(attempt, CONSUMER_RESTART_DELAY_MS);
      });
    };
    logger.warn(
      `the consumer stopped on an error kafkajs does not retry (${String(payload.error)}); starting it again`,
    );
    setTimeout(attempt, CONSUMER_RESTART_DELAY_MS);
  });
}
