import { defineQueue } from '@kinora/common';

/** Rollups are recomputed from raw rows for one bucket at a time; recompute, never increment. */
export type RollupJobs = {
  /** New users (and, as they arrive, views and watch time) of one UTC day, e.g. "2026-11-21". */
  'platform-day': { day: string };
};

export const ROLLUP_QUEUE = defineQueue<RollupJobs>('analytics-rollups', ['platform-day']);
export const ROLLUPS = Symbol('ROLLUPS');
