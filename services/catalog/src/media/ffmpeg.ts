import { spawn, type ChildProcess } from 'node:child_process';
import { access, constants } from 'node:fs/promises';
import { basename } from 'node:path';

/**
 * Thin, typed wrappers around Debian's ffprobe and ffmpeg, run directly with child_process.spawn
 * (no wrapper library): a timeout, an abort signal, and the tail of stderr in every error.
 */

/** Paths of the binaries: FFMPEG_PATH / FFPROBE_PATH (default: found on PATH). */
export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

export const DEFAULT_TOOLS: MediaTools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };

const STDERR_TAIL = 2048;

/**
 * A media step that failed. `reason` is short and human-readable (stored as the film's
 * failure_reason, e.g. "the file has no video picture"); `message` adds the details (the stderr
 * tail of the tool). `permanent`: the input itself is bad (not a video, a broken caption), so
 * running the job again cannot help.
 */
export class MediaError extends Error {
  override readonly name = 'MediaError';
  readonly permanent: boolean;

  constructor(
    readonly reason: string,
    details?: string,
    options: { permanent?: boolean } = {},
  ) {
    super(details ? `${reason}\n${details}` : reason);
    this.permanent = options.permanent ?? false;
  }
}

/** The run was cancelled through its AbortSignal (worker shutting down). */
export class MediaAbortedError extends MediaError {
  constructor(tool: string) {
    super(`${tool}: cancelled`);
  }
}

export interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** Called with every complete line on stdout (e.g. `-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  /** Called once the process is spawned (e.g. to record its pid). */
  onSpawn?: (child: ChildProcess) => void | Promise<void>;
  /** Collect stdout (ffprobe's JSON); otherwise only lines are reported. */
  collectStdout?: boolean;
  /** Working directory of the tool (relative output paths resolve against it). */
  cwd?: string;
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

/** The last `limit` characters of a tool's stderr, starting on a line boundary when possible. */
export function stderrTail(stderr: string, limit = STDERR_TAIL): string {
  const trimmed = stderr.trimEnd();
  if (trimmed.length <= limit) return trimmed;
  const tail = trimmed.slice(-limit);
  const newline = tail.indexOf('\n');
  return newline >= 0 && newline < tail.length - 1 ? tail.slice(newline + 1) : tail;
}

/** The last non-empty stderr line, with a leading "<input path>: " removed (paths are not for users). */
export function lastErrorLine(stderr: string, paths: string[] = []): string | undefined {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  let line = lines.at(-1);
  if (!line) return undefined;
  for (const path of paths) {
    if (line.startsWith(`${path}: `)) line = line.slice(path.length + 2);
    line = line.replaceAll(path, basename(path));
  }
  return line.length > 200 ? `${line.slice(0, 197)}...` : line;
}

/** Runs a tool to completion; rejects with a MediaError on a non-zero exit, a timeout or an abort. */
export function runTool(
  tool: string,
  command: string,
  args: string[],
  options: RunOptions,
): Promise<RunResult> {
  return new Promise<RunResult>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new MediaAbortedError(tool));
      return;
    }
    const child = spawn(command, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let pending = '';
    let stderr = '';
    let timedOut = false;
    let aborted = false;
    let settled = false;

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (options.collectStdout) stdout += chunk;
      if (!options.onStdoutLine) return;
      pending += chunk;
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        options.onStdoutLine(pending.slice(0, newline).trimEnd());
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      // Keep a bounded window: ffmpeg can be chatty over a long transcode.
      stderr = (stderr + chunk).slice(-4 * STDERR_TAIL);
    });

    const kill = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    const onAbort = () => {
      aborted = true;
      kill();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve({ stdout, stderr });
    };

    child.once('spawn', () => {
      Promise.resolve(options.onSpawn?.(child)).catch((error: unknown) => {
        kill();
        finish(error instanceof Error ? error : new Error(String(error)));
      });
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      finish(
        new MediaError(
          error.code === 'ENOENT'
            ? `${tool}: not installed (${command} not found)`
            : `${tool}: ${error.message}`,
        ),
      );
    });
    child.once('close', (code, signal) => {
      if (aborted) return finish(new MediaAbortedError(tool));
      if (timedOut) {
        return finish(
          new MediaError(
            `${tool}: timed out after ${Math.round(options.timeoutMs / 1000)} s`,
            stderrTail(stderr),
          ),
        );
      }
      if (code === 0) return finish();
      const status = code === null ? `killed by ${signal ?? 'a signal'}` : `exited with code ${code}`;
      finish(new MediaError(`${tool}: ${status}`, stderrTail(stderr)));
    });
  });
}

export interface ProbeResult {
  durationSeconds: number;
  /** Display size: after the pixel aspect ratio and a ±90° rotation are applied. */
  width: number;
  height: number;
  hasAudio: boolean;
  videoCodec: string;
  /** Average frame rate, e.g. 25 or 29.97 (undefined when the container does not say). */
  frameRate?: number;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number; still_image?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

const ratio = (value: string | undefined): number | undefined => {
  const match = /^(\d+)[:/](\d+)$/.exec(value ?? '');
  if (!match) return undefined;
  const [num, den] = [Number(match[1]), Number(match[2])];
  return num > 0 && den > 0 ? num / den : undefined;
};

/** Formats that are a single still picture even though they carry a "video" stream. */
const STILL_FORMATS = /(^|,)(image2|[a-z0-9]+_pipe|apng|webp)(,|$)/;

/**
 * Probes a source video. Rejects with a MediaError whose reason names the problem in plain words
 * when the file is missing, is not a media file, has no video stream, is a still image or has no
 * duration; all but the missing file are permanent (the same file fails the same way again).
 */
export async function probe(
  path: string,
  options: { tools?: MediaTools; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<ProbeResult> {
  try {
    await access(path, constants.R_OK);
  } catch {
    throw new MediaError('source file not found or unreadable', path);
  }
  const tools = options.tools ?? DEFAULT_TOOLS;
  let output: FfprobeOutput;
  try {
    const result = await runTool(
      'ffprobe',
      tools.ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      { timeoutMs: options.timeoutMs ?? 30_000, signal: options.signal, collectStdout: true },
    );
    output = JSON.parse(result.stdout) as FfprobeOutput;
  } catch (error) {
    if (error instanceof MediaError && /exited with code/.test(error.reason)) {
      const line = lastErrorLine(error.message, [path]);
      throw new MediaError(
        `not a video file we can read${line ? ` (${line})` : ''}`,
        error.message.slice(error.reason.length + 1),
        { permanent: true },
      );
    }
    if (error instanceof SyntaxError) throw new MediaError('ffprobe: unreadable output', error.message);
    throw error;
  }

  const streams = output.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  if (!video || !video.width || !video.height) {
    throw new MediaError('the file has no video picture (no video stream)', undefined, { permanent: true });
  }
  const formatName = output.format?.format_name ?? '';
  if (STILL_FORMATS.test(formatName) || video.disposition?.still_image) {
    throw new MediaError('the file is a still image, not a video', undefined, { permanent: true });
  }
  const durationSeconds = Number(output.format?.duration ?? video.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new MediaError('the video has no duration', undefined, { permanent: true });
  }

  let width = video.width;
  let height = video.height;
  const sar = ratio(video.sample_aspect_ratio);
  if (sar && Math.abs(sar - 1) > 0.001) width = Math.round(width * sar);
  const rotation = Number(
    video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  if (Math.abs(rotation) % 180 === 90) [width, height] = [height, width];

  const frameRate = ratio(video.avg_frame_rate) ?? ratio(video.r_frame_rate);
  return {
    durationSeconds,
    width,
    height,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
    videoCodec: video.codec_name ?? 'unknown',
    frameRate: frameRate && frameRate < 1000 ? frameRate : undefined,
  };
}
