import type { Admin, ITopicConfig } from 'kafkajs';

/** kafkajs marks a retriable error, or wraps one once its own retries are spent. */
const retriable = (error: unknown): boolean =>
  Boolean((error as { retriable?: boolean }).retriable) ||
  Boolean((error as { cause?: { retriable?: boolean } }).cause?.retriable);

/**
 * Creates those of `topics` that do not exist yet (idempotent) and waits until every partition of
 * each has a leader; returns the names it created. A broker that has just started, or is busy
 * creating other topics, may create a topic and still answer "does not host this topic-partition"
 * while leaders are elected, an error kafkajs's own createTopics gives up on: retriable errors, and
 * partitions without a leader, are tried again once a second for up to `attempts` seconds.
 * Written without Nest or the rest of this package: the local runner (infra/local) uses it too.
 */
export async function createTopicsWithLeaders(
  admin: Admin,
  topics: readonly ITopicConfig[],
  attempts = 30,
): Promise<string[]> {
  const names = topics.map(({ topic }) => topic);
  const before = new Set(await admin.listTopics());
  let existing = before;
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (attempt > 1) existing = new Set(await admin.listTopics());
      const missing = topics.filter(({ topic }) => !existing.has(topic));
      if (missing.length > 0) await admin.createTopics({ topics: [...missing] });
      const metadata = await admin.fetchTopicMetadata({ topics: names });
      if (metadata.topics.every(({ partitions }) => partitions.every(({ leader }) => leader >= 0))) {
        return names.filter((topic) => !before.has(topic));
      }
      if (attempt >= attempts) throw new Error(`Kafka topics without a leader after ${attempts} s`);
    } catch (error) {
      if (!retriable(error) || attempt >= attempts) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
