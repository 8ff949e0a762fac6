import type { KafkaService } from './kafka.service';

/** How long a /metrics scrape waits for a consumer group's lag before answering without it. */
export const LAG_TIMEOUT_MS = 2000;

/**
 * Reads how far consumer group `groupId` is behind on `topics` (logical names): for every
 * partition, the newest offset minus the group's committed one. Gives up after LAG_TIMEOUT_MS.
 */
export async function readConsumerLag(
  kafka: KafkaService,
  groupId: string,
  topics: string[],
  report: (topic: string, partition: number, lag: number) => void,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${LAG_TIMEOUT_MS} ms`)), LAG_TIMEOUT_MS);
  });
  try {
    const admin = await Promise.race([kafka.admin(), timeout]);
    await Promise.race([
      Promise.all(
        topics.map(async (topic) => {
          const brokerTopic = kafka.topic(topic);
          const [latest, [committed]] = await Promise.all([
            admin.fetchTopicOffsets(brokerTopic),
            admin.fetchOffsets({ groupId, topics: [brokerTopic] }),
          ]);
          for (const { partition, offset } of latest) {
            const done = committed?.partitions.find((p) => p.partition === partition)?.offset ?? '-1';
            report(topic, partition, Math.max(0, Number(offset) - Math.max(0, Number(done))));
          }
        }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
