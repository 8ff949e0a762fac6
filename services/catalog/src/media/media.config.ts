import { z } from 'zod';
import { configSchema } from '../config';

/**
 * catalog-worker's configuration: the catalog's (MEDIA_ROOT, FFMPEG_PATH, FFPROBE_PATH...) plus
 * the tuning of the transcode worker.
 */
export const workerConfigSchema = configSchema.extend({
  /**
   * BullMQ lock of a running transcode: renewed every half of it while the worker lives; once a
   * killed worker's lock expires, the next stalled check (same interval) hands the job to another.
   */
  MEDIA_LOCK_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Transcodes at once per worker process: each uses every core, so 1. */
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
  /** The watermark font (Debian's fonts-dejavu-core). */
  MEDIA_FONT_FILE: z.string().default('/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf'),
});
export type WorkerConfig = z.infer<typeof workerConfigSchema>;
