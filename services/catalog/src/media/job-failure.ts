import { UnrecoverableError, WaitingError, type Job } from 'bullmq';
import { MediaError } from './ffmpeg';

const REASON_MAX = 300;

/** The short, human-readable reason stored in film_media / creative_media failure_reason. */
export function failureReason(error: unknown): string {
  const reason =
    error instanceof MediaError
      ? error.reason
      : error instanceof Error
        ? (error.message.split('\n')[0] ?? error.name)
        : String(error);
  return reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 3)}...` : reason;
}

/**
 * How a transcode job (a film's or a creative's) ends when it fails, always by throwing:
 * - the worker is stopping: `handBack` puts its row back to queued without spending an attempt and
 *   the job returns to the queue (WaitingError);
 * - a bad input (not a video, a broken caption) fails the same way every time: failed at once,
 *   no retries (UnrecoverableError);
 * - anything else: `record`ed as queued for BullMQ's retry, or failed on the last attempt.
 */
export async function failTranscode(
  error: unknown,
  job: Job,
  hooks: {
    stopping: AbortSignal;
    handBack: () => Promise<unknown>;
    record: (status: 'queued' | 'failed', reason: string) => Promise<unknown>;
    log: (outcome: 'handed back' | 'retried' | 'failed', reason?: string) => void;
  },
): Promise<never> {
  if (hooks.stopping.aborted) {
    await hooks.handBack();
    await job.moveToWait(job.token);
    hooks.log('handed back');
    throw new WaitingError();
  }
  const reason = failureReason(error);
  const permanent = error instanceof MediaError && error.permanent;
  const last = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  await hooks.record(last ? 'failed' : 'queued', reason);
  hooks.log(last ? 'failed' : 'retried', reason);
  throw permanent ? new UnrecoverableError(reason) : error;
}
