/**
 * The HLS rendition ladder: which sizes a film is encoded at. A rung is kept only when the
 * source's picture, fitted into the rung's 16:9 frame, is not enlarged (never upscale): a 720p
 * source gets 360p and 720p, a 1080p source also 1080p. A source smaller than the lowest rung gets
 * one rendition at its own size (rounded to even dimensions, as H.264 4:2:0 needs).
 */

export interface RenditionSpec {
  name: string;
  width: number;
  height: number;
  /** Capped CRF: the peak the encoder may reach, in kbit/s (video only). */
  maxrateKbps: number;
  /** H.264 level, and the matching RFC 6381 codec string (Main profile). */
  level: string;
  codec: string;
}

export const RENDITIONS: readonly RenditionSpec[] = [
  { name: '360p', width: 640, height: 360, maxrateKbps: 900, level: '3.0', codec: 'avc1.4d401e' },
  { name: '720p', width: 1280, height: 720, maxrateKbps: 3000, level: '3.1', codec: 'avc1.4d401f' },
  { name: '1080p', width: 1920, height: 1080, maxrateKbps: 6000, level: '4.0', codec: 'avc1.4d4028' },
];

export const even = (value: number) => Math.max(2, 2 * Math.round(value / 2));

/** The scale factor that fits a `source` picture into a width x height frame. */
export const fitFactor = (source: { width: number; height: number }, width: number, height: number) =>
  Math.min(width / source.width, height / source.height);

/** The renditions for a source of this display size, smallest first. */
export function renditionLadder(source: { width: number; height: number }): RenditionSpec[] {
  const fitting = RENDITIONS.filter((spec) => fitFactor(source, spec.width, spec.height) <= 1 + 1e-9);
  if (fitting.length > 0) return fitting;
  const lowest = RENDITIONS[0]!;
  const width = even(source.width);
  const height = even(source.height);
  const share = (width * height) / (lowest.width * lowest.height);
  return [
    {
      ...lowest,
      name: `${height}p`,
      width,
      height,
      maxrateKbps: Math.max(200, Math.round(lowest.maxrateKbps * share)),
    },
  ];
}
