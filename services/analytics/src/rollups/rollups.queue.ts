import { defineQueue } from '@kinora/common';

/** Rollups are recomputed from stored rows for one bucket at a time; recompute, never increment. */
export type RollupJobs = {
  /** One film's sessions started on one UTC day, then that creator's day; e.g. { filmId: 3, day: "2026-11-24" }. */
  'film-day': { filmId: number; day: string };
  /** The platform's figures of one UTC day: new users, sessions, views, viewers, watch time. */
  'platform-day': { day: string };
  /** One film's ad events of one UTC day, per campaign and placement type (ad_daily). */
  'ad-day': { filmId: number; day: string };
  /** One UTC day's recommendation row impressions and clicks, per row kind (row_daily). */
  'row-day': { day: string };
};

export const ROLLUP_QUEUE = defineQueue<RollupJobs>('analytics-rollups', [
  'film-day',
  'platform-day',
  'ad-day',
  'row-day',
]);
export const ROLLUPS = Symbol('ROLLUPS');

/**
 * A bucket has at most one job waiting: adding it again while one waits changes nothing. The
 * worker lifts the key when it starts the job, so a change arriving during a recompute queues
 * the next one (docs/analytics-and-money.md, aggregation).
 */
export const filmDayKey = ({ filmId, day }: RollupJobs['film-day']) => `film-day:${filmId}:${day}`;
export const platformDayKey = ({ day }: RollupJobs['platform-day']) => `platform-day:${day}`;
export const adDayKey = ({ filmId, day }: RollupJobs['ad-day']) => `ad-day:${filmId}:${day}`;
export const rowDayKey = ({ day }: RollupJobs['row-day']) => `row-day:${day}`;
