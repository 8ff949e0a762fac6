import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, JobQueue, MetricsService, type JobHandlers } from '@kinora/common';
import { Histogram } from 'prom-client';
import type { Config } from '../config';
import { RowEventsRepository } from '../recommendations/row-events.repository';
import {
  adDayKey,
  filmDayKey,
  platformDayKey,
  ROLLUP_QUEUE,
  rowDayKey,
  type RollupJobs,
} from './rollups.queue';
import { AdRollupsRepository } from './ad-rollups.repository';
import { RollupsRepository } from './rollups.repository';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

@Injectable()
export class RollupJobHandlers implements OnApplicationShutdown {
  private readonly lag: Histogram;
  /** The worker's own handle on the queue: it lifts deduplication keys and queues platform days. */
  private readonly rollups: JobQueue<RollupJobs>;

  constructor(
    private readonly em: EntityManager,
    private readonly repository: RollupsRepository,
    private readonly ads: AdRollupsRepository,
    private readonly rows: RowEventsRepository,
    @Inject(CONFIG) private readonly config: Config,
    metrics: MetricsService,
  ) {
    this.rollups = new JobQueue(ROLLUP_QUEUE, config);
    this.lag = new Histogram({
      name: 'analytics_rollup_lag_seconds',
      help: 'From a viewing-session write accepted by the API to a film-day rollup that includes it',
      buckets: [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 30],
      registers: [metrics.registry],
    });
  }

  onApplicationShutdown(): Promise<void> {
    return this.rollups.onApplicationShutdown();
  }

  handlers(): JobHandlers<RollupJobs> {
    return {
      'film-day': (bucket) => this.recomputeFilmDay(bucket),
      'platform-day': ({ day }) => this.recomputePlatformDay(day),
      'ad-day': (bucket) => this.recomputeAdDay(bucket),
      'row-day': ({ day }) => this.recomputeRowDay(day),
    };
  }

  /**
   * One film's day (its dirty shards recomputed, then summed), then its creator's day; the platform's
   * day is queued (it reads every session of the day).
   */
  async recomputeFilmDay(bucket: RollupJobs['film-day']): Promise<void> {
    const { filmId, day } = bucket;
    if (!Number.isInteger(filmId) || !DAY.test(day))
      throw new Error(`bad film-day ${JSON.stringify(bucket)}`);
    await this.rollups.queue.removeDeduplicationKey(filmDayKey(bucket));
    const lags = await this.em.fork().transactional(async () => {
      await this.repository.lockFilmDay(filmId, day);
      const covered = await this.repository.filmDayCoverage(filmId, day);
      const shards = await this.repository.takeDirtyShards(filmId, day);
      await this.repository.recomputeShards(filmId, day, shards, this.config.COST_DEFAULT_BITRATE_KBPS);
      const film = await this.repository.sumFilmDay(filmId, day, covered.after ?? 0);
      await this.repository.lockCreatorDay(film.creator_id, day);
      await this.repository.recomputeCreatorDay(film.creator_id, day);
      // How long the writes this recompute newly covers waited since the API accepted them.
      return this.repository.lagsOf(filmId, day, covered.before ?? 0, covered.after ?? 0);
    });
    for (const { lag, n } of lags) for (let i = 0; i < n; i++) this.lag.observe(lag);
    await this.rollups.add(
      'platform-day',
      { day },
      { deduplication: { id: platformDayKey({ day }) }, removeOnComplete: true },
    );
  }

  /** Recomputes one day from the stored rows, so replays and duplicates cannot double-count. */
  async recomputePlatformDay(day: string): Promise<void> {
    if (!DAY.test(day)) throw new Error(`bad day ${day}`);
    await this.rollups.queue.removeDeduplicationKey(platformDayKey({ day }));
    await this.em.fork().transactional(async () => {
      await this.repository.lockPlatformDay(day);
      await this.repository.recomputePlatformDay(day);
    });
  }

  /** One film's ad day, per campaign and placement, from the stored ad events. */
  async recomputeAdDay(bucket: RollupJobs['ad-day']): Promise<void> {
    const { filmId, day } = bucket;
    if (!Number.isInteger(filmId) || !DAY.test(day)) throw new Error(`bad ad-day ${JSON.stringify(bucket)}`);
    await this.rollups.queue.removeDeduplicationKey(adDayKey(bucket));
    await this.em.fork().transactional(async () => {
      await this.ads.lockAdDay(filmId, day);
      await this.ads.recomputeAdDay(filmId, day);
    });
  }

  /** One day's recommendation row impressions and clicks, per row kind. */
  async recomputeRowDay(day: string): Promise<void> {
    if (!DAY.test(day)) throw new Error(`bad day ${day}`);
    await this.rollups.queue.removeDeduplicationKey(rowDayKey({ day }));
    await this.em.fork().transactional(async () => {
      await this.rows.lockRowDay(day);
      await this.rows.recomputeRowDay(day);
    });
  }
}
