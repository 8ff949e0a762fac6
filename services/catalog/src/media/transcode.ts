import { access, chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  convertCaptions,
  finishSubtitles,
  segmentStartTicks,
  SUBS_DIR,
  withSubtitles,
  type SubtitleTrack,
} from './captions';
import { DEFAULT_TOOLS, MediaError, probe, runTool, type MediaTools, type ProbeResult } from './ffmpeg';
import { escapeFilterValue, printableText, truncateText } from './filter-text';
import { even, renditionLadder, type RenditionSpec } from './ladder';
import { PID_FILE, publish, removeLeftovers } from './workdir';
import { masterPlaylist, measureRendition, type TranscodedRendition } from './playlists';
import type { CaptionSource } from './media.queue';
import { drawPoster, drawPosterVariants, POSTER } from './poster-draw';
import type { PosterVariant } from './poster-variants';

export { escapeFilterValue } from './filter-text';

/**
 * Source video → HLS VOD, with Debian's ffmpeg (no Nest, no database: testable on its own).
 *
 *   outDir/master.m3u8            BANDWIDTH, AVERAGE-BANDWIDTH, RESOLUTION, FRAME-RATE, CODECS
 *                                 (+ SUBTITLES="subs" and the subtitle tracks, with captions)
 *   outDir/360p/index.m3u8        640x360,  H.264 Main 3.0 + AAC-LC 128k stereo, MPEG-TS segments
 *   outDir/360p/seg_00000.ts ...  4 s each (keyframes aligned across renditions for ABR switching)
 *   outDir/720p/index.m3u8        1280x720, H.264 Main 3.1 (sources of at least 720p)
 *   outDir/1080p/index.m3u8       1920x1080, H.264 Main 4.0 (sources of at least 1080p)
 *   outDir/subs/<lang>.m3u8       one WebVTT subtitle track per caption language (captions.ts)
 *   outDir/poster.jpg             720x1080 title card over a frame at ~10% of the film (poster.ts)
 *   outDir/poster-<w>.webp        the poster in WebP, <w> pixels wide (poster-variants.ts)
 *
 * The renditions are the rungs of the ladder the source fills without upscaling (ladder.ts).
 * Each is letterboxed to exactly its 16:9 size and carries the creator's name burned into the
 * bottom-right corner. ffmpeg decodes once: the frame is fitted to the top rung, watermarked, then
 * split into its encoder and downscalers for the lower rungs. Everything is written to a temporary
 * directory beside outDir and renamed into place at the end, so a half-written film is never served
 * and a rerun after a crash starts clean.
 */

export { RENDITIONS, renditionLadder, type RenditionSpec } from './ladder';
export { AUDIO_CODEC, masterPlaylist, parseMediaPlaylist, type TranscodedRendition } from './playlists';
export const SEGMENT_SECONDS = 4;
export const MASTER_PLAYLIST = 'master.m3u8';
export { POSTER, posterTime } from './poster-draw';
export { POSTER_VARIANT_WIDTHS, posterVariantFile, type PosterVariant } from './poster-variants';
/** Debian's fonts-dejavu-core. */
export const WATERMARK_FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
/** Longer names are cut (with an ellipsis) so the watermark stays in its corner. */
export const WATERMARK_MAX_CHARS = 40;

const MAX_FPS = 30;
const WATERMARK_FILE = '.watermark.txt';

export interface TranscodeOptions {
  /** The creator's name, burned into the picture and credited on the poster ('' for none). */
  watermark: string;
  /** Draw the title-card poster (default true; an ad creative has none). */
  poster?: boolean;
  /** Small files written beside the master playlist before it is published (name → text). */
  extraFiles?: Record<string, string>;
  /** The film's title, set on the poster (without one the poster has the credit only). */
  title?: string;
  /** The poster's faces (default DejaVu Serif Condensed Bold and DejaVu Sans Condensed). */
  posterFonts?: { title: string; credit: string };
  tools?: MediaTools;
  fontFile?: string;
  /** A probe of the source already made by the caller (skips a second ffprobe run). */
  probe?: ProbeResult;
  signal?: AbortSignal;
  /** WebVTT captions to add as subtitle tracks (a broken one fails the transcode at once). */
  captions?: CaptionSource[];
  /** Called with the fraction done (0..1) as ffmpeg reports progress. */
  onProgress?: (fraction: number) => void;
  /** ffmpeg's time limit; default 2 min + 10× the source duration. */
  timeoutMs?: number;
}

export interface TranscodeResult {
  source: ProbeResult;
  durationSeconds: number;
  /** Relative to outDir. */
  master: string;
  /** Relative to outDir; null when no poster was asked for. */
  poster: string | null;
  /** The poster's WebP variants beside it (files relative to outDir); empty without a poster. */
  posterVariants: PosterVariant[];
  renditions: TranscodedRendition[];
  /** The subtitle tracks listed in the master playlist. */
  subtitles: SubtitleTrack[];
  elapsedMs: number;
}

// ---------------------------------------------------------------- filter graph pieces

/** One line of printable text, at most WATERMARK_MAX_CHARS characters. */
export function watermarkText(name: string): string {
  return truncateText(printableText(name), WATERMARK_MAX_CHARS);
}

/**
 * drawtext reading the name from a file with expansion off: no character of the name (quotes,
 * colons, percent signs, commas, backslashes, brackets, any script) reaches the filter parser.
 * Bottom-right, white at 70% opacity with a soft shadow, 4.5% of the frame height.
 */
export function drawtextFilter(textFile: string, fontFile: string): string {
  return [
    `drawtext=fontfile=${escapeFilterValue(fontFile)}`,
    `textfile=${escapeFilterValue(textFile)}`,
    'expansion=none',
    'fontsize=h*0.045',
    'fontcolor=white@0.7',
    'shadowcolor=black@0.5',
    'shadowx=2',
    'shadowy=2',
    'x=w-tw-h*0.04',
    'y=h-th-h*0.04',
  ].join(':');
}

/** scale + pad to exactly width x height, keeping the source's display aspect (letterbox/pillarbox). */
export function fitFilter(source: { width: number; height: number }, width: number, height: number): string {
  const factor = Math.min(width / source.width, height / source.height);
  const w = Math.min(width, even(source.width * factor));
  const h = Math.min(height, even(source.height * factor));
  return `scale=${w}:${h}:flags=bicubic,setsar=1,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:color=black`;
}

/** Output frame rate: the source's, halved (or more) when above 30 fps; 25 when unknown. */
export function outputFrameRate(sourceFps: number | undefined): { expr: string; fps: number } {
  if (!sourceFps) return { expr: '25', fps: 25 };
  const fps = sourceFps > MAX_FPS + 0.01 ? sourceFps / Math.ceil(sourceFps / MAX_FPS - 0.001) : sourceFps;
  for (const [num, den] of [
    [24000, 1001],
    [30000, 1001],
  ] as const) {
    if (Math.abs(fps - num / den) < 0.005) return { expr: `${num}/${den}`, fps: num / den };
  }
  const rounded = Math.round(fps * 1000) / 1000;
  return { expr: String(rounded), fps: rounded };
}

// ---------------------------------------------------------------- ffmpeg command lines

/**
 * The HLS run's arguments. ffmpeg runs in the work directory: outputs and the watermark file are
 * relative paths, so no directory name reaches the filter or the muxers' %v / %d templates.
 */
export function hlsArguments(options: {
  source: string;
  probe: ProbeResult;
  /** The renditions, smallest first (default: the source's ladder). */
  ladder?: RenditionSpec[];
  /** Relative to the work directory. */
  watermarkFile?: string;
  fontFile: string;
}): string[] {
  const { source, probe: info } = options;
  const { expr: fps, fps: fpsValue } = outputFrameRate(info.frameRate);
  const gop = String(Math.max(1, Math.round(fpsValue * SEGMENT_SECONDS)));
  const ladder = options.ladder ?? renditionLadder(info);
  const top = ladder.length - 1;
  const lower = ladder.slice(0, top);
  const chain = [
    fitFilter(info, ladder[top]!.width, ladder[top]!.height),
    `fps=${fps}`,
    'format=yuv420p',
    ...(options.watermarkFile ? [drawtextFilter(options.watermarkFile, options.fontFile)] : []),
  ].join(',');
  // The top rung is the fitted frame itself; the lower ones are scaled down from it (the
  // watermark scales along).
  const graph =
    lower.length === 0
      ? `[0:v:0]${chain}[v${top}]`
      : `[0:v:0]${chain},split=${ladder.length}[v${top}]${lower.map((_, i) => `[t${i}]`).join('')};` +
        lower
          .map((spec, i) => `[t${i}]scale=${spec.width}:${spec.height}:flags=bicubic,setsar=1[v${i}]`)
          .join(';');
  const audioInput = info.hasAudio
    ? []
    : [
        '-f',
        'lavfi',
        '-t',
        info.durationSeconds.toFixed(3),
        '-i',
        'anullsrc=channel_layout=stereo:sample_rate=48000',
      ];
  const audio = info.hasAudio ? '0:a:0' : '1:a:0';
  const perRendition = ladder.flatMap((spec, index) => [
    `-crf:v:${index}`,
    '23',
    `-maxrate:v:${index}`,
    `${spec.maxrateKbps}k`,
    `-bufsize:v:${index}`,
    `${spec.maxrateKbps * 2}k`,
    `-level:v:${index}`,
    spec.level,
  ]);
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-loglevel',
    'warning',
    '-progress',
    'pipe:1',
    '-y',
    '-i',
    source,
    ...audioInput,
    '-filter_complex',
    graph,
    ...ladder.flatMap((_, index) => ['-map', `[v${index}]`, '-map', audio]),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-pix_fmt',
    'yuv420p',
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    ...perRendition,
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-ar',
    '48000',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'mpegts',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    '%v/seg_%05d.ts',
    '-var_stream_map',
    ladder.map((spec, index) => `v:${index},a:${index},name:${spec.name}`).join(' '),
    '%v/index.m3u8',
  ];
}

// ---------------------------------------------------------------- the transcode

export async function transcode(
  source: string,
  outDir: string,
  options: TranscodeOptions,
): Promise<TranscodeResult> {
  const started = Date.now();
  const tools = options.tools ?? DEFAULT_TOOLS;
  const fontFile = options.fontFile ?? WATERMARK_FONT;
  const text = watermarkText(options.watermark);
  if (text) {
    await access(fontFile).catch(() => {
      throw new MediaError(`watermark font missing: ${fontFile} (install fonts-dejavu-core)`);
    });
  }
  const info = options.probe ?? (await probe(source, { tools, signal: options.signal }));

  const parent = dirname(outDir);
  const base = basename(outDir);
  await mkdir(parent, { recursive: true });
  await removeLeftovers(parent, base);
  const workDir = await mkdtemp(join(parent, `.${base}.tmp-`));
  // mkdtemp makes it private; the gateway (another user) reads what is published.
  await chmod(workDir, 0o755);
  try {
    const watermarkFile = text ? WATERMARK_FILE : undefined;
    if (text) await writeFile(join(workDir, WATERMARK_FILE), text, 'utf8');
    // Captions first: a broken one fails in a second, before the long video encode.
    const captions = options.captions ?? [];
    if (captions.length > 0) {
      await convertCaptions(captions, join(workDir, SUBS_DIR), { tools, signal: options.signal });
    }
    const ladder = renditionLadder(info);

    let reported = -1;
    await runTool(
      'ffmpeg',
      tools.ffmpeg,
      hlsArguments({ source, probe: info, ladder, watermarkFile, fontFile }),
      {
        cwd: workDir,
        timeoutMs: options.timeoutMs ?? 120_000 + info.durationSeconds * 10_000,
        signal: options.signal,
        onSpawn: async (child) => {
          if (child.pid) await writeFile(join(workDir, PID_FILE), String(child.pid));
        },
        onStdoutLine: (line) => {
          if (!options.onProgress || !line.startsWith('out_time_us=')) return;
          const micros = Number(line.slice('out_time_us='.length));
          if (!Number.isFinite(micros)) return;
          const fraction = Math.min(1, Math.max(0, micros / 1e6 / info.durationSeconds));
          const percent = Math.floor(fraction * 100);
          if (percent !== reported) {
            reported = percent;
            options.onProgress(fraction);
          }
        },
      },
    );

    const withPoster = options.poster ?? true;
    let posterVariants: PosterVariant[] = [];
    if (withPoster) {
      await drawPoster(source, workDir, {
        durationSeconds: info.durationSeconds,
        tools,
        signal: options.signal,
        title: options.title,
        credit: options.watermark,
        fonts: options.posterFonts,
      });
      // Inside the work directory: published with the rest by the same renames.
      posterVariants = await drawPosterVariants(workDir, { tools, signal: options.signal });
    }

    const renditions: TranscodedRendition[] = [];
    for (const spec of ladder) renditions.push(await measureRendition(workDir, spec));
    let subtitles: SubtitleTrack[] = [];
    if (captions.length > 0) {
      const first = join(workDir, ladder[0]!.name, 'seg_00000.ts');
      const startTicks = await segmentStartTicks(first, { tools, signal: options.signal });
      subtitles = await finishSubtitles(join(workDir, SUBS_DIR), captions, {
        durationSeconds: info.durationSeconds,
        startTicks,
      });
    }
    await writeFile(
      join(workDir, MASTER_PLAYLIST),
      withSubtitles(masterPlaylist(renditions, outputFrameRate(info.frameRate).fps), subtitles),
    );

    for (const [name, text] of Object.entries(options.extraFiles ?? {})) {
      if (basename(name) !== name || name.startsWith('.')) throw new Error(`bad extra file name ${name}`);
      await writeFile(join(workDir, name), text, 'utf8');
    }
    await rm(join(workDir, PID_FILE), { force: true });
    await rm(join(workDir, WATERMARK_FILE), { force: true });
    await publish(workDir, outDir);
    return {
      source: info,
      durationSeconds: info.durationSeconds,
      master: MASTER_PLAYLIST,
      poster: withPoster ? POSTER : null,
      posterVariants,
      renditions,
      subtitles,
      elapsedMs: Date.now() - started,
    };
  } catch (error) {
    await rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
}
