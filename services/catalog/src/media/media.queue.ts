import { defineQueue } from '@kinora/common';

/** catalog-worker's queue: one job per film source to put through the media pipeline. */
export type MediaJobs = {
  /**
   * Probe `sourcePath` (absolute, outside MEDIA_ROOT), transcode it to HLS under
   * MEDIA_ROOT/films/<filmId>/ with `watermark` (the creator's name) burned in, cut the poster.
   */
  transcode: { filmId: number; sourcePath: string; watermark: string };
};

export const MEDIA_QUEUE = defineQueue<MediaJobs>('catalog-media', ['transcode']);
/** Injection token of the producer: `queueProvider(MEDIA, MEDIA_QUEUE)`. */
export const MEDIA = Symbol('MEDIA');
