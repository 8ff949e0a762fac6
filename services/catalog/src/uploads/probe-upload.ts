import { ServiceUnavailableException, UnprocessableEntityException, type Logger } from '@nestjs/common';
import { MediaError, probe, type MediaTools, type ProbeResult } from '../media/ffmpeg';

/** "4 h 5 min", "12 min", "2 min 5 s", "40 s": seconds shown under 10 min. */
export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  if (total < 600 && total % 60 !== 0) return `${minutes} min ${total % 60} s`;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/**
 * Probes a finished upload before anything is made of it: 422 naming the problem when it is not a
 * video ffprobe can read or is longer than `maxSeconds`, 503 when ffprobe itself could not run.
 */
export async function probeUpload(
  path: string,
  options: { tools: MediaTools; maxSeconds: number; logger: Logger },
): Promise<ProbeResult> {
  let info: ProbeResult;
  try {
    info = await probe(path, { tools: options.tools });
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    if (/not installed|timed out|cancelled/.test(error.reason)) {
      options.logger.error({ err: error }, 'ffprobe failed');
      throw new ServiceUnavailableException('The video could not be checked right now: try again shortly');
    }
    const reason = error.reason.replace(/^ffprobe: /, '');
    throw new UnprocessableEntityException(`This file cannot be used: ${reason}`);
  }
  if (info.durationSeconds > options.maxSeconds) {
    throw new UnprocessableEntityException(
      `This video is too long: ${formatDuration(info.durationSeconds)} (the limit is ${formatDuration(options.maxSeconds)})`,
    );
  }
  return info;
}
