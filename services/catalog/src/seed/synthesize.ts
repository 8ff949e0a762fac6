import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname } from 'node:path';
import type { DemoFilm } from './manifest';

/** ffmpeg synthesizing a source runs at this nice level: the transcodes that publish come first. */
const SYNTHESIS_NICENESS = 10;

/**
 * Demo masters are 1280x720, like a creator's 720p upload, so the pipeline (which never upscales)
 * gives them the 360p and 720p renditions. The generators run at 640x360 or less to stay cheap;
 * the frame is doubled by nearest neighbour, which adds no blur to their hard edges.
 */
export const MASTER_SCALE = 'scale=1280:720:flags=neighbor,setsar=1';

/** Renders a film's source video from its generative recipe (cached: the same recipe renders once). */
export async function synthesize(
  film: DemoFilm,
  seconds: number,
  path: string,
  ffmpeg: string,
): Promise<void> {
  if (existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.partial.mp4`;
  // An intermediate for the transcoder: fast to encode at a quality the transcode cannot tell apart.
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    film.video,
    '-f',
    'lavfi',
    '-i',
    film.audio,
    '-t',
    String(seconds),
    '-vf',
    MASTER_SCALE,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-crf',
    '16',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-shortest',
    partial,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (child.pid) {
      try {
        setPriority(child.pid, SYNTHESIS_NICENESS);
      } catch {
        // Not allowed to renice: it runs at normal priority.
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg synthesis failed: ${stderr.trim().split('\n')[0]}`)),
    );
  });
  renameSync(partial, path);
}
