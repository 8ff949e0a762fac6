import { baseConfigSchema } from '@kinora/common';
import { isAbsolute } from 'node:path';
import { z } from 'zod';

const DEV_TOKEN_KEY = 'kinora-dev-ads-token-key-not-for-production';

export const configSchema = baseConfigSchema
  .extend({
    /**
     * Signs the tracking token of every selected ad (docs/advertising.md#tracking): every ads
     * replica must hold the same key. Required in production.
     */
    ADS_TOKEN_KEY: z.string().min(32).default(DEV_TOKEN_KEY),
    /**
     * The directory the gateway serves at /media/: the creative videos are the HLS masters under
     * its ads/ folder, each with a creative.json ({label, duration}) beside it. Unset: no creative
     * video is offered, so no creative can be made.
     */
    MEDIA_ROOT: z
      .string()
      .refine((path) => isAbsolute(path), 'must be an absolute path')
      .optional(),
    /** How long a selection's reservation waits for its impression before it is released, seconds. */
    ADS_RESERVATION_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    /**
     * How often the upkeep runs (holdbacks flushed into the optimizations log, ended flights and
     * spent budgets noted), ms. One replica at a time runs it (a Redis lock).
     */
    ADS_UPKEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  })
  .refine((config) => config.NODE_ENV !== 'production' || config.ADS_TOKEN_KEY !== DEV_TOKEN_KEY, {
    message: 'ADS_TOKEN_KEY must be set in production',
    path: ['ADS_TOKEN_KEY'],
  });
export type Config = typeof configSchema._output;
