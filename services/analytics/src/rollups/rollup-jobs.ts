import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, JobQueue, MetricsService, type JobHandlers } from '@kinora/common';
import { Histogram } from 'prom-client';
import type { Config } from '../config';
import { AD_DAY_SQL, CREATOR_DAY_SQL, FILM_DAY_SQL, PLATFORM_DAY_SQL } from './rollup-sql';
import { adDayKey, filmDayKey, platformDayKey, ROLLUP_QUEUE, type RollupJobs } from './rollups.queue';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Lock namespaces for pg_advisory_xact_lock(namespace, key). */
const LOCK = { filmDay: 1, creatorDay: 2, platformDay: 3, adDay: 4 } as const;

@Injectable()
export class RollupJobHandlers implements OnApplicationShutdown {
  private readonly lag: Histogram;
  /** The worker's own handle on the queue: it lifts deduplication keys and queues platform days. */
  private readonly rollups: JobQueue<RollupJobs>;

  constructor(
    private readonly em: EntityManager,
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
    };
  }

  /** One film's day, then its creator's day; the platform's day is queued (it reads every session of the day). */
  async recomputeFilmDay(bucket: RollupJobs['film-day']): Promise<void> {
    const { filmId, day } = bucket;
    if (!Number.isInteger(filmId) || !DAY.test(day))
      throw new Error(`bad film-day ${JSON.stringify(bucket)}`);
    await this.rollups.queue.removeDeduplicationKey(filmDayKey(bucket));
    const lags = await this.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK.filmDay, `${filmId}:${day}`]);
      const [covered] = await em.execute<{ before: string | null; after: string | null }[]>(
        `select (select covered_seq from film_daily where film_id = ? and day = ?::date) as before,
                (select max(seq) from session_events where film_id = ? and day = ?::date) as after`,
        [filmId, day, filmId, day],
      );
      const [film] = await em.execute<{ creator_id: number }[]>(FILM_DAY_SQL, [
        filmId,
        day,
        filmId,
        filmId,
        filmId,
        day,
        this.config.COST_DEFAULT_BITRATE_KBPS,
        covered?.after ?? 0,
      ]);
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [
        LOCK.creatorDay,
        `${film!.creator_id}:${day}`,
      ]);
      await em.execute(CREATOR_DAY_SQL, [film!.creator_id, day, film!.creator_id, day]);
      // How long the writes this recompute newly covers waited since the API accepted them.
      return em.execute<{ lag: number; n: number }[]>(
        `select round(extract(epoch from clock_timestamp() - received_at)::numeric, 2)::float8 as lag, count(*)::int as n
           from session_events where film_id = ? and day = ?::date and seq > ? and seq <= ? group by 1`,
        [filmId, day, covered?.before ?? 0, covered?.after ?? 0],
      );
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
    await this.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK.platformDay, day]);
      await em.execute(PLATFORM_DAY_SQL, [day, day, day, day, day]);
    });
  }

  /** One film's ad day, per campaign and placement, from the stored ad events. */
  async recomputeAdDay(bucket: RollupJobs['ad-day']): Promise<void> {
    const { filmId, day } = bucket;
    if (!Number.isInteger(filmId) || !DAY.test(day)) throw new Error(`bad ad-day ${JSON.stringify(bucket)}`);
    await this.rollups.queue.removeDeduplicationKey(adDayKey(bucket));
    await this.em.fork().transactional(async (em) => {
      await em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [LOCK.adDay, `${filmId}:${day}`]);
      await em.execute(AD_DAY_SQL, [filmId, day]);
    });
  }
}
