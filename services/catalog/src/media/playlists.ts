import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaError } from './ffmpeg';
import type { RenditionSpec } from './ladder';

/** The HLS playlists of a transcode: reading ffmpeg's media playlists, writing the master. */

export const AUDIO_CODEC = 'mp4a.40.2';

export interface TranscodedRendition {
  name: string;
  width: number;
  height: number;
  /** Peak segment bit rate (bit/s), as HLS defines BANDWIDTH. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  /** Relative to outDir, e.g. "360p/index.m3u8". */
  playlist: string;
  segments: number;
  durationSeconds: number;
}

interface Segment {
  uri: string;
  duration: number;
}

export function parseMediaPlaylist(text: string): Segment[] {
  const segments: Segment[] = [];
  let duration: number | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    else if (line && !line.startsWith('#') && duration !== undefined) {
      segments.push({ uri: line, duration });
      duration = undefined;
    }
  }
  return segments;
}

export function masterPlaylist(renditions: TranscodedRendition[], frameRate: number): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const rendition of renditions) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rendition.bandwidth},AVERAGE-BANDWIDTH=${rendition.averageBandwidth},` +
        `RESOLUTION=${rendition.width}x${rendition.height},FRAME-RATE=${frameRate.toFixed(3)},` +
        `CODECS="${rendition.codecs}"`,
      rendition.playlist,
    );
  }
  return `${lines.join('\n')}\n`;
}

export async function measureRendition(dir: string, spec: RenditionSpec): Promise<TranscodedRendition> {
  const playlist = `${spec.name}/index.m3u8`;
  const text = await readFile(join(dir, playlist), 'utf8');
  if (!text.includes('#EXT-X-ENDLIST')) throw new MediaError(`ffmpeg: ${spec.name} playlist is incomplete`);
  const segments = parseMediaPlaylist(text);
  if (segments.length === 0) throw new MediaError(`ffmpeg: ${spec.name} has no segments`);
  let peak = 0;
  let bits = 0;
  let seconds = 0;
  for (const segment of segments) {
    const size = (await stat(join(dir, spec.name, segment.uri))).size * 8;
    bits += size;
    seconds += segment.duration;
    // A very short last segment says little about the peak; measure it over at least 1 s.
    peak = Math.max(peak, size / Math.max(segment.duration, Math.min(1, seconds)));
  }
  return {
    name: spec.name,
    width: spec.width,
    height: spec.height,
    bandwidth: Math.ceil(peak),
    averageBandwidth: Math.ceil(bits / Math.max(seconds, 0.001)),
    codecs: `${spec.codec},${AUDIO_CODEC}`,
    playlist,
    segments: segments.length,
    durationSeconds: Math.round(seconds * 1000) / 1000,
  };
}
