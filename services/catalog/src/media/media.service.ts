import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { queueProvider, type JobQueue } from '@kinora/common';
import type { Job } from 'bullmq';
import { isAbsolute } from 'node:path';
import { MEDIA, MEDIA_QUEUE, type CaptionSource, type MediaJobs } from './media.queue';

export interface EnqueueOptions {
  /** Runs of the job before the film is marked failed (default 3). */
  attempts?: number;
  /** First retry delay; doubled on each further retry (default 5 s). */
  backoffMs?: number;
  /** Caption tracks to add to the film's HLS. */
  captions?: CaptionSource[];
}

export const TRANSCODE_ATTEMPTS = 3;
export const TRANSCODE_BACKOFF_MS = 5000;

/** The id of a film's transcode job: one per film, so a repeated request does not queue twice. */
export const transcodeJobId = (filmId: number) => `transcode-${filmId}`;

/**
 * Puts a film's source video through the media pipeline (catalog-worker). The catalog API and
 * the seed call `enqueue` once the source file is complete; they register `MEDIA_PROVIDERS`.
 */
@Injectable()
export class MediaService {
  constructor(@Inject(MEDIA) private readonly media: JobQueue<MediaJobs>) {}

  /**
   * Marks the film's media queued (film_media row inserted or reset: status queued, attempts 0, no
   * failure reason) and adds its transcode job (3 attempts, exponential backoff).
   *
   * - A film whose last job finished (ready or failed) can be enqueued again: the finished job is
   *   removed first, since BullMQ ignores an add whose job id still exists.
   * - A job still waiting (or in backoff) is replaced, so the newest source wins.
   * - A transcode already running is a 409: try again once it has finished.
   *
   * Call it after the transaction that created the film has committed (or with a non-transactional
   * em): the worker reads the film_media row. (If it runs first anyway, the job fails and is retried.)
   */
  async enqueue(
    em: EntityManager,
    filmId: number,
    sourcePath: string,
    watermark: string,
    options: EnqueueOptions = {},
  ): Promise<Job> {
    if (!Number.isInteger(filmId) || filmId <= 0) throw new Error(`bad film id ${filmId}`);
    if (!isAbsolute(sourcePath)) throw new Error(`source path must be absolute: ${sourcePath}`);
    const jobId = transcodeJobId(filmId);
    await this.removeUnstarted(jobId);

    await em.execute(
      `insert into film_media (film_id, source_path, status, failure_reason, attempts, updated_at)
       values (?, ?, 'queued', null, 0, now())
       on conflict (film_id) do update
         set source_path = excluded.source_path, status = 'queued', failure_reason = null,
             attempts = 0, updated_at = now()`,
      [filmId, sourcePath],
    );
    return this.media.add(
      'transcode',
      { filmId, sourcePath, watermark, ...(options.captions ? { captions: options.captions } : {}) },
      {
        jobId,
        attempts: options.attempts ?? TRANSCODE_ATTEMPTS,
        backoff: { type: 'exponential', delay: options.backoffMs ?? TRANSCODE_BACKOFF_MS },
      },
    );
  }

  /** Queues a `captions` job: the film's caption tracks replaced, without a re-transcode. */
  enqueueCaptions(filmId: number, captions: CaptionSource[]): Promise<Job> {
    return this.media.add('captions', { filmId, captions }, { attempts: TRANSCODE_ATTEMPTS });
  }

  /** Removes the film's previous job unless it is running. */
  private async removeUnstarted(jobId: string): Promise<void> {
    const existing = await this.media.queue.getJob(jobId);
    if (!existing) return;
    const state = await existing.getState();
    if (state !== 'active') {
      try {
        await existing.remove();
        return;
      } catch {
        // Taken by a worker between getState and remove: running now.
      }
    }
    throw new ConflictException(`film ${jobId.slice('transcode-'.length)} is being transcoded right now`);
  }
}

/** Providers for a module that enqueues transcodes: the queue producer and MediaService. */
export const MEDIA_PROVIDERS = [queueProvider(MEDIA, MEDIA_QUEUE), MediaService];
