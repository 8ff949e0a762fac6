import { defineQueue } from '@kinora/common';

/** A film's caption file in one language, to be served as an HLS subtitle track. */
export interface CaptionSource {
  /** BCP-47-ish tag, e.g. "en", "pt-BR": the track's LANGUAGE and its file name. */
  language: string;
  /** What the player's CC menu shows, e.g. "English". */
  label: string;
  /** Absolute path of the WebVTT file (outside MEDIA_ROOT). */
  path: string;
}

/** catalog-worker's queue: the media pipeline's jobs, at most one of each kind per film. */
export type MediaJobs = {
  /**
   * Probe `sourcePath` (absolute, outside MEDIA_ROOT), transcode it to HLS under
   * MEDIA_ROOT/films/<filmId>/ with `watermark` (the creator's name) burned in, cut the poster,
   * and add `captions` as subtitle tracks.
   */
  transcode: { filmId: number; sourcePath: string; watermark: string; captions?: CaptionSource[] };
  /**
   * Replace the subtitle tracks of a film already transcoded (no re-transcode): the master playlist
   * lists exactly `captions` afterwards; an empty list removes them all.
   */
  captions: { filmId: number; captions: CaptionSource[] };
  /**
   * Transcode an advertising creative's `sourcePath` (absolute, outside MEDIA_ROOT) to HLS under
   * MEDIA_ROOT/ads/upload-<creativeId>/ with its creative.json: no watermark, no poster.
   */
  creative: { creativeId: number; sourcePath: string };
};

export const MEDIA_QUEUE = defineQueue<MediaJobs>('catalog-media', ['transcode', 'captions', 'creative']);
/** Injection token of the producer: `queueProvider(MEDIA, MEDIA_QUEUE)`. */
export const MEDIA = Symbol('MEDIA');
