import { access, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaError, runTool, type MediaTools } from './ffmpeg';
import {
  POSTER_CREDIT_FONT,
  POSTER_TITLE_FONT,
  creditLine,
  layoutTitle,
  posterArguments,
  posterGraph,
} from './poster';
import { posterVariantArguments, posterVariants, type PosterVariant } from './poster-variants';

/** Draws a transcode's poster (poster.ts's title card) into its work directory with ffmpeg. */

export const POSTER = 'poster.jpg';
const POSTER_GRAPH_FILE = '.poster.graph';
const POSTER_CREDIT_FILE = '.poster-credit.txt';
const posterTitleFile = (index: number) => `.poster-title-${index}.txt`;

export interface PosterOptions {
  durationSeconds: number;
  tools: MediaTools;
  signal?: AbortSignal;
  /** The film's title (without one the poster has the credit only). */
  title?: string;
  /** The creator's name. */
  credit: string;
  /** The poster's faces (default DejaVu Serif Condensed Bold and DejaVu Sans Condensed). */
  fonts?: { title: string; credit: string };
}

/** The poster's timestamp: ~10% into the film, at least 1 s, never past the end. */
export function posterTime(durationSeconds: number): number {
  if (durationSeconds <= 1) return 0;
  return Math.min(Math.max(durationSeconds * 0.1, 1), Math.max(0, durationSeconds - 0.5));
}

/** Writes the poster's text files and filter graph into the work directory; returns their names. */
async function writePosterFiles(workDir: string, options: PosterOptions): Promise<string[]> {
  const fonts = options.fonts ?? { title: POSTER_TITLE_FONT, credit: POSTER_CREDIT_FONT };
  for (const font of [fonts.title, fonts.credit]) {
    await access(font).catch(() => {
      throw new MediaError(`poster font missing: ${font} (install fonts-dejavu-core)`);
    });
  }
  const layout = layoutTitle(options.title ?? '');
  const titleFiles = options.title ? layout.lines.map((_, index) => posterTitleFile(index)) : [];
  for (const [index, file] of titleFiles.entries()) {
    await writeFile(join(workDir, file), layout.lines[index]!, 'utf8');
  }
  const credit = creditLine(options.credit);
  if (credit) await writeFile(join(workDir, POSTER_CREDIT_FILE), credit.text, 'utf8');
  const graph = posterGraph({
    layout,
    titleFiles,
    credit: credit && { file: POSTER_CREDIT_FILE, fontSize: credit.fontSize },
    titleFont: fonts.title,
    creditFont: fonts.credit,
  });
  await writeFile(join(workDir, POSTER_GRAPH_FILE), graph, 'utf8');
  return [POSTER_GRAPH_FILE, ...titleFiles, ...(credit ? [POSTER_CREDIT_FILE] : [])];
}

/** The title-card poster (poster.ts) over a frame ~10% in, or the first frame when that seek yields none. */
export async function drawPoster(source: string, workDir: string, options: PosterOptions): Promise<void> {
  const { durationSeconds, tools } = options;
  const poster = join(workDir, POSTER);
  const posterFiles = await writePosterFiles(workDir, options);
  const at = posterTime(durationSeconds);
  const posterRun = (time: number) =>
    runTool('ffmpeg', tools.ffmpeg, posterArguments(source, POSTER, POSTER_GRAPH_FILE, time), {
      cwd: workDir,
      timeoutMs: 60_000,
      signal: options.signal,
    });
  await posterRun(at);
  const hasPoster = await access(poster).then(
    () => true,
    () => false,
  );
  // A seek past the last decodable frame yields nothing: fall back to the first frame.
  if (!hasPoster && at > 0) await posterRun(0);
  await access(poster).catch(() => {
    throw new MediaError('ffmpeg: could not draw the poster');
  });
  for (const file of posterFiles) await rm(join(workDir, file), { force: true });
}

/**
 * The poster's WebP variants (poster-variants.ts), written beside the finished `poster.jpg` in the
 * work directory by one ffmpeg run; returns them, each checked to exist.
 */
export async function drawPosterVariants(
  workDir: string,
  options: { tools: MediaTools; signal?: AbortSignal },
): Promise<PosterVariant[]> {
  const variants = posterVariants();
  await runTool('ffmpeg', options.tools.ffmpeg, posterVariantArguments(POSTER, variants), {
    cwd: workDir,
    timeoutMs: 60_000,
    signal: options.signal,
  });
  for (const variant of variants) {
    await access(join(workDir, variant.file)).catch(() => {
      throw new MediaError(`ffmpeg: could not write the poster variant ${variant.file}`);
    });
  }
  return variants;
}
