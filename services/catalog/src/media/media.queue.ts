import { defineQueue } from '@kinora/common';

/** A caption track to serve with a film: its WebVTT file (absolute). */
export type CaptionSource = { language: string; label: string; path: string };

/** catalog-worker's queue: one job per film source to put through the media pipeline. */
export type MediaJobs = {
  /**
   * Probe `sourcePath` (absolute, outside MEDIA_ROOT), transcode it to HLS under
   * MEDIA_ROOT/films/<filmId>/ with `watermark` (the creator's name) burned in, cut the poster.
   */
  transcode: { filmId: number; sourcePath: string; watermark: string; captions?: CaptionSource[] };
  /** Replace the film's caption tracks (no re-transcode). */
  captions: { filmId: number; captions: CaptionSource[] };
};

export const MEDIA_QUEUE = defineQueue<MediaJobs>('catalog-media', ['transcode', 'captions']);
/** Injection token of the producer: `queueProvider(MEDIA, MEDIA_QUEUE)`. */
export const MEDIA = Symbol('MEDIA');
