import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AVATAR_SIZE_PX } from '@kinora/contracts';

/** Where avatars live under MEDIA_ROOT, and the URL path the gateway serves them at. */
export const AVATAR_DIR = 'avatars';
const AVATAR_URL_PREFIX = `/media/${AVATAR_DIR}/`;

const FFMPEG_TIMEOUT_MS = 20_000;
/** Larger pictures are refused by the decoder before they are expanded in memory. */
const MAX_PIXELS = 50_000_000;

/** The upload is not an image ffmpeg can read. */
export class NotAnImageError extends Error {
  override readonly name = 'NotAnImageError';
}

/**
 * The image formats accepted, by their leading bytes, with the ffmpeg demuxer that reads each.
 * ffmpeg is never left to guess: a guessed demuxer could read playlists or other files by name.
 */
const FORMATS: readonly { name: string; demuxer: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    name: 'PNG',
    demuxer: 'png_pipe',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  {
    name: 'JPEG',
    demuxer: 'jpeg_pipe',
    matches: (b) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  },
  { name: 'GIF', demuxer: 'gif', matches: (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')) },
  {
    name: 'WebP',
    demuxer: 'webp_pipe',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];
export const ACCEPTED_IMAGE_FORMATS = FORMATS.map((format) => format.name).join(', ');

function run(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2048);
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new NotAnImageError(
            `The image could not be read (${stderr.trim().split('\n')[0] || signal || code})`,
          ),
        );
    });
  });
}

/**
 * Turns an uploaded image into the member's avatar with Debian's ffmpeg: the first frame,
 * center-cropped to a square and scaled to AVATAR_SIZE_PX, written as a JPEG under
 * MEDIA_ROOT/avatars/<userId>-<random>.jpg (a new name each time, so caches never show an old
 * picture). The file appears under its final name only when complete. Answers its /media/ URL.
 */
export async function storeAvatar(
  image: Buffer,
  options: { userId: string; mediaRoot: string; ffmpeg: string },
): Promise<string> {
  const format = FORMATS.find((candidate) => candidate.matches(image));
  if (!format) throw new NotAnImageError(`The file is not a ${ACCEPTED_IMAGE_FORMATS} image`);
  const work = await mkdtemp(join(tmpdir(), 'kinora-avatar-'));
  try {
    const source = join(work, 'upload');
    const output = join(work, 'avatar.jpg');
    await writeFile(source, image);
    const side = AVATAR_SIZE_PX;
    await run(options.ffmpeg, [
      '-hide_banner',
      '-v',
      'error',
      '-nostdin',
      '-max_pixels',
      String(MAX_PIXELS),
      '-f',
      format.demuxer,
      '-i',
      source,
      '-frames:v',
      '1',
      // The centred square first, then scaled: scaling a very wide or tall picture up to cover the
      // square first could mean billions of pixels from a few bytes of header.
      '-vf',
      `crop='min(iw,ih)':'min(iw,ih)',scale=${side}:${side},format=yuvj420p`,
      '-q:v',
      '3',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '-y',
      output,
    ]);
    // ffmpeg may end well yet write nothing (a header without a picture after it).
    const avatar = await readFile(output).catch(() => {
      throw new NotAnImageError('The image could not be read (no picture in it)');
    });
    const dir = join(options.mediaRoot, AVATAR_DIR);
    await mkdir(dir, { recursive: true });
    const name = `${options.userId}-${randomBytes(8).toString('hex')}.jpg`;
    const staged = join(dir, `.${name}.part`);
    // Copy across file systems, then rename inside the media directory (atomic there).
    await writeFile(staged, avatar);
    await rename(staged, join(dir, name));
    return `${AVATAR_URL_PREFIX}${name}`;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** Removes a replaced avatar this service wrote (other URLs are left alone). */
export async function removeStoredAvatar(url: string | null | undefined, mediaRoot: string): Promise<void> {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  if (!/^[\w-]+\.jpg$/.test(name)) return;
  await rm(join(mediaRoot, AVATAR_DIR, name), { force: true });
}
