import type { DescMessage } from '@bufbuild/protobuf';
import type { OnApplicationShutdown } from '@nestjs/common';
import { BatchEventConsumer, BatchEventPlatform, JobQueue } from '@kinora/common';
import { ROLLUP_QUEUE, type RollupJobs } from './rollups.queue';

/** The (film, day) rollups a stored batch can call for. */
type BucketJob = 'film-day' | 'ad-day';

/** Where a topic's batches go: how they are stored, and the recompute each touched bucket gets. */
export interface BucketBatchTopic<Schema extends DescMessage, Row, Job extends BucketJob> {
  schema: Schema;
  /** The consumer group's suffix to the service's group id, e.g. "-ads". */
  groupSuffix: string;
  /** Stores a batch's rows at once, returning the buckets whose rollups they change. */
  store(rows: Row[]): Promise<Array<RollupJobs[Job]>>;
  job: Job;
  /** A bucket's deduplication key (rollups.queue). */
  keyOf(bucket: RollupJobs[Job]): string;
}

/**
 * Consumes one topic in batches (analytics-worker): each batch is stored at once, then a recompute
 * is queued for every bucket it touched, then its offsets are committed. A crash before the commit
 * redelivers the batch: the store skips what it has, and the buckets are queued again. What cannot
 * be read is counted and skipped by BatchEventConsumer.
 */
export abstract class BucketBatchConsumer<Schema extends DescMessage, Row, Job extends BucketJob>
  extends BatchEventConsumer<Schema, Row>
  implements OnApplicationShutdown
{
  private readonly rollups: JobQueue<RollupJobs>;

  protected constructor(
    platform: BatchEventPlatform,
    private readonly bucket: BucketBatchTopic<Schema, Row, Job>,
  ) {
    super(platform, bucket);
    this.rollups = new JobQueue(ROLLUP_QUEUE, platform.config);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.rollups.onApplicationShutdown();
  }

  protected async apply(rows: Row[]): Promise<void> {
    const buckets = await this.bucket.store(rows);
    if (buckets.length === 0) return;
    await this.rollups.addMany(this.bucket.job, buckets, (bucket) => ({
      deduplication: { id: this.bucket.keyOf(bucket) },
      removeOnComplete: true,
    }));
  }
}
