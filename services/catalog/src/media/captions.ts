import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { printableText, truncateText } from './filter-text';
import { DEFAULT_TOOLS, lastErrorLine, MediaError, runTool, type MediaTools } from './ffmpeg';
import type { CaptionSource } from './media.queue';

/**
 * Captions as HLS subtitle tracks (no Nest, no database: testable on its own).
 *
 *   <film dir>/subs/<language>.vtt     the caption, re-muxed by ffmpeg (so a broken file is refused)
 *                                      with an X-TIMESTAMP-MAP tying its clock to the video segments
 *   <film dir>/subs/<language>.m3u8    a VOD media playlist: one segment covering the whole film
 *   <film dir>/master.m3u8             #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",... per track,
 *                                      and SUBTITLES="subs" on every #EXT-X-STREAM-INF
 */

export const SUBS_DIR = 'subs';
export const SUBS_GROUP = 'subs';
/** MPEG-TS timestamps tick at 90 kHz. */
const TS_CLOCK = 90_000;

export interface SubtitleTrack {
  language: string;
  label: string;
  /** Relative to the film's directory, e.g. "subs/en.m3u8". */
  playlist: string;
}

export interface CaptionToolOptions {
  tools?: MediaTools;
  signal?: AbortSignal;
}

/** A label fit for a quoted HLS attribute: one line, no double quotes, at most 40 characters. */
export function trackLabel(label: string, fallback: string): string {
  return truncateText(printableText(label).replace(/"/g, "'"), 40) || fallback;
}

/**
 * Re-muxes each caption through ffmpeg's WebVTT demuxer and muxer into `dir`/<language>.vtt.
 * A file that is not WebVTT, or has no cue ffmpeg can read, fails at once with a MediaError
 * naming the language (permanent: trying again cannot fix the file).
 */
export async function convertCaptions(
  captions: CaptionSource[],
  dir: string,
  options: CaptionToolOptions = {},
): Promise<void> {
  const tools = options.tools ?? DEFAULT_TOOLS;
  await mkdir(dir, { recursive: true });
  for (const caption of captions) {
    const refuse = (why: string, details?: string) =>
      new MediaError(`captions (${caption.language}): ${why}`, details, { permanent: true });
    const head = await readFile(caption.path, 'utf8').then(
      (text) => text.replace(/^\uFEFF/, '').slice(0, 6),
      () => {
        throw refuse('the caption file is missing');
      },
    );
    if (head !== 'WEBVTT') throw refuse('not a WebVTT file (it must start with "WEBVTT")');
    const out = join(dir, `${caption.language}.vtt`);
    try {
      await runTool(
        'ffmpeg',
        tools.ffmpeg,
        ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-f', 'webvtt', '-i', caption.path].concat([
          '-map',
          '0:s:0',
          '-c:s',
          'webvtt',
          '-f',
          'webvtt',
          out,
        ]),
        { timeoutMs: 30_000, signal: options.signal },
      );
    } catch (error) {
      if (!(error instanceof MediaError) || !/exited with code/.test(error.reason)) throw error;
      const line = lastErrorLine(error.message, [caption.path, out]);
      throw refuse(`not a readable WebVTT file${line ? ` (${line})` : ''}`, error.message);
    }
    const text = await readFile(out, 'utf8').catch(() => '');
    if (!text.includes('-->')) throw refuse('no cue with a readable time in the file');
  }
}

/**
 * The start time of a video segment in 90 kHz ticks (the earliest of its streams): what a
 * subtitle track's X-TIMESTAMP-MAP maps its zero to, so hls.js shows each cue at its own time.
 */
export async function segmentStartTicks(segment: string, options: CaptionToolOptions = {}): Promise<number> {
  const tools = options.tools ?? DEFAULT_TOOLS;
  const { stdout } = await runTool(
    'ffprobe',
    tools.ffprobe,
    ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'default=nw=1:nk=1', segment],
    { timeoutMs: 30_000, signal: options.signal, collectStdout: true },
  );
  const seconds = Number.parseFloat(stdout.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * TS_CLOCK) : 0;
}

/** Puts the X-TIMESTAMP-MAP line into the header block, right after "WEBVTT" (replacing one there). */
export function withTimestampMap(vtt: string, ticks: number): string {
  const lines = vtt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const headerEnd = lines.findIndex((line) => line.trim() === '');
  const end = headerEnd < 0 ? lines.length : headerEnd;
  const header = lines.slice(1, end).filter((line) => !line.startsWith('X-TIMESTAMP-MAP='));
  const map = `X-TIMESTAMP-MAP=MPEGTS:${ticks},LOCAL:00:00:00.000`;
  return [lines[0], map, ...header, ...lines.slice(end)].join('\n');
}

/** A subtitle media playlist with one segment: the whole caption file over the whole film. */
export function subtitlePlaylist(file: string, durationSeconds: number): string {
  const duration = Math.max(durationSeconds, 0.001);
  return [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(duration))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    file,
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');
}

/**
 * Finishes the tracks converted into `dir` (convertCaptions): timestamp map and playlist per
 * language. Returns them in the given order, with playlists relative to the film's directory.
 */
export async function finishSubtitles(
  dir: string,
  captions: CaptionSource[],
  options: { durationSeconds: number; startTicks: number },
): Promise<SubtitleTrack[]> {
  const tracks: SubtitleTrack[] = [];
  for (const caption of captions) {
    const vtt = join(dir, `${caption.language}.vtt`);
    await writeFile(vtt, withTimestampMap(await readFile(vtt, 'utf8'), options.startTicks));
    await writeFile(
      join(dir, `${caption.language}.m3u8`),
      subtitlePlaylist(`${caption.language}.vtt`, options.durationSeconds),
    );
    tracks.push({
      language: caption.language,
      label: trackLabel(caption.label, caption.language),
      playlist: `${SUBS_DIR}/${caption.language}.m3u8`,
    });
  }
  return tracks;
}

/**
 * The master playlist with exactly `tracks` as its subtitle group: earlier subtitle renditions
 * and SUBTITLES attributes are dropped first, so applying it twice changes nothing.
 */
export function withSubtitles(master: string, tracks: SubtitleTrack[]): string {
  const lines = master
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'))
    .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? line.replace(/,SUBTITLES="[^"]*"/g, '') : line));
  if (tracks.length === 0) return lines.join('\n');
  const media = tracks.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBS_GROUP}",NAME="${track.label}",` +
      `LANGUAGE="${track.language}",AUTOSELECT=YES,DEFAULT=NO,URI="${track.playlist}"`,
  );
  const firstStream = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const at = firstStream < 0 ? lines.length : firstStream;
  return [
    ...lines.slice(0, at),
    ...media,
    ...lines
      .slice(at)
      .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? `${line},SUBTITLES="${SUBS_GROUP}"` : line)),
  ].join('\n');
}

/** The first segment of the master's first variant, as a path under `filmDir`. */
async function firstSegment(filmDir: string, master: string): Promise<string> {
  const lines = master.split('\n').map((line) => line.trim());
  const at = lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const variant = lines.slice(at + 1).find((line) => line && !line.startsWith('#'));
  if (at < 0 || !variant) throw new MediaError('the master playlist lists no video');
  const playlist = await readFile(join(filmDir, variant), 'utf8');
  const segment = playlist
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith('#'));
  if (!segment) throw new MediaError(`${variant} lists no segment`);
  return join(filmDir, variant, '..', segment);
}

/**
 * The captions job: replaces the subtitle tracks of a film already published in `filmDir` with
 * `captions` (none: removes them) and rewrites its master playlist; the video is not touched.
 * New tracks are built beside the live ones and swapped in with renames, so a broken caption
 * leaves the film as it was.
 */
export async function replaceSubtitles(
  filmDir: string,
  captions: CaptionSource[],
  options: CaptionToolOptions & { durationSeconds: number; master?: string },
): Promise<SubtitleTrack[]> {
  const masterPath = join(filmDir, options.master ?? 'master.m3u8');
  const master = await readFile(masterPath, 'utf8');
  for (const entry of await readdir(filmDir)) {
    if (entry.startsWith(`.${SUBS_DIR}.`)) await rm(join(filmDir, entry), { recursive: true, force: true });
  }
  const tag = randomBytes(4).toString('hex');
  const staging = join(filmDir, `.${SUBS_DIR}.tmp-${tag}`);
  const old = join(filmDir, `.${SUBS_DIR}.old-${tag}`);
  const live = join(filmDir, SUBS_DIR);
  try {
    let tracks: SubtitleTrack[] = [];
    if (captions.length > 0) {
      await convertCaptions(captions, staging, options);
      const startTicks = await segmentStartTicks(await firstSegment(filmDir, master), options);
      tracks = await finishSubtitles(staging, captions, { ...options, startTicks });
    }
    await rename(live, old).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    if (tracks.length > 0) await rename(staging, live);
    const next = `${masterPath}.tmp-${tag}`;
    await writeFile(next, withSubtitles(master, tracks));
    await rename(next, masterPath);
    return tracks;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(old, { recursive: true, force: true });
  }
}
