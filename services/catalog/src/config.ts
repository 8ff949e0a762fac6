import { baseConfigSchema } from '@kinora/common';
import {
  UPLOAD_EXPIRY_HOURS_DEFAULT,
  UPLOAD_MAX_BYTES_DEFAULT,
  UPLOAD_MAX_BYTES_MIN,
  UPLOAD_MAX_DURATION_SECONDS_DEFAULT,
} from '@kinora/contracts';
import { dirname, isAbsolute, join } from 'node:path';
import { z } from 'zod';

const absolutePath = () => z.string().refine((path) => isAbsolute(path), 'must be an absolute path');

export const configSchema = baseConfigSchema.extend({
  /** Directory the gateway serves at /media/: HLS renditions and posters are written here. */
  MEDIA_ROOT: absolutePath(),
  /** Where source videos wait for transcoding (outside MEDIA_ROOT: never served). */
  SOURCE_ROOT: absolutePath().optional(),
  FFMPEG_PATH: z.string().default('ffmpeg'),
  FFPROBE_PATH: z.string().default('ffprobe'),
  /** Where resumable uploads are received (default: "uploads" beside SOURCE_ROOT; same disk, so a finished upload is moved, not copied). */
  UPLOAD_ROOT: absolutePath().optional(),
  /** The largest upload accepted, in bytes (at least 4 GiB). */
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(UPLOAD_MAX_BYTES_MIN).default(UPLOAD_MAX_BYTES_DEFAULT),
  /** An unfinished upload (or a finished one never made into a film) is removed after this many hours. */
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(UPLOAD_EXPIRY_HOURS_DEFAULT),
  /** How often expired uploads are looked for, in seconds. */
  UPLOAD_CLEANUP_INTERVAL_SECONDS: z.coerce
    .number()
    .positive()
    .default(15 * 60),
  /** The longest film accepted, in seconds. */
  UPLOAD_MAX_DURATION_SECONDS: z.coerce.number().positive().default(UPLOAD_MAX_DURATION_SECONDS_DEFAULT),
  /** The in-process cache of public reads (src/reads/public-read-cache.ts); off: every read goes to the database. */
  PUBLIC_READ_CACHE: z.enum(['on', 'off']).default('on'),
  /** Reads the cache holds at most (least recently used out); one holds up to 100 films, about 1 KB each. */
  PUBLIC_READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).default(500),
});
export type Config = z.infer<typeof configSchema>;

/** SOURCE_ROOT, or "sources" beside MEDIA_ROOT. */
export const sourceRootOf = (config: Pick<Config, 'MEDIA_ROOT' | 'SOURCE_ROOT'>): string =>
  config.SOURCE_ROOT ?? join(dirname(config.MEDIA_ROOT), 'sources');

/** UPLOAD_ROOT, or "uploads" beside the source root. */
export const uploadRootOf = (config: Pick<Config, 'MEDIA_ROOT' | 'SOURCE_ROOT' | 'UPLOAD_ROOT'>): string =>
  config.UPLOAD_ROOT ?? join(dirname(sourceRootOf(config)), 'uploads');
