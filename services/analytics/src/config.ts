import { baseConfigSchema } from '@kinora/common';
import { z } from 'zod';

const DEV_SESSION_KEY = 'kinora-dev-viewing-session-key-not-for-production';
const price = (fallback: number) => z.coerce.number().min(0).default(fallback);

export const configSchema = baseConfigSchema
  .extend({
    /**
     * Signs viewing-session write tokens (docs/analytics-and-money.md): every analytics replica
     * must hold the same key. Required in production.
     */
    VIEWING_SESSION_KEY: z.string().min(32).default(DEV_SESSION_KEY),
    /** The cost model's prices (docs/analytics-and-money.md#cost-model), in dollars. */
    COST_EGRESS_PER_GB: price(0.02),
    COST_TRANSCODE_PER_MINUTE: price(0.0075),
    COST_STORAGE_PER_GB_MONTH: price(0.021),
    /** The bit rate assumed for watch time whose player did not report one, kbit/s. */
    COST_DEFAULT_BITRATE_KBPS: z.coerce.number().int().min(1).default(2_500),
    /**
     * The share of the ad revenue charged on their films that creators earn, per impression,
     * rounded down to the micro-dollar (docs/advertising.md#money).
     */
    CREATOR_REVENUE_SHARE: z.coerce.number().min(0).max(1).default(0.55),
    /** Rollup jobs one analytics-worker runs at once. */
    ROLLUP_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    /**
     * How often analytics-worker recomputes the whole recommendation model (docs/recommendations.md);
     * a member's own change recomputes their rows at once.
     */
    RECOMMEND_FULL_EVERY_SECONDS: z.coerce.number().int().min(10).default(600),
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.VIEWING_SESSION_KEY !== DEV_SESSION_KEY, {
    message: 'VIEWING_SESSION_KEY must be set in production',
    path: ['VIEWING_SESSION_KEY'],
  });
export type Config = typeof configSchema._output;
