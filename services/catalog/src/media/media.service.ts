import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { createQueryDb, queueProvider, type JobQueue } from '@kinora/common';
import { CAPTION_LANGUAGE_MAX_LENGTH, CAPTION_LANGUAGE_PATTERN } from '@kinora/contracts';
import type { Job } from 'bullmq';
import { isAbsolute } from 'node:path';
import type { DB } from '../database.gen';
import { FilmMediaRepository } from './film-media.repository';
import { MEDIA, MEDIA_QUEUE, type CaptionSource, type MediaJobs } from './media.queue';

export interface EnqueueOptions {
  /** Subtitle tracks to build with the transcode (each an absolute WebVTT path). */
  captions?: CaptionSource[];
  /** Runs of the job before the film is marked failed (default 3). */
  attempts?: number;
  /** First retry delay; doubled on each further retry (default 5 s). */
  backoffMs?: number;
}

export const TRANSCODE_ATTEMPTS = 3;
export const TRANSCODE_BACKOFF_MS = 5000;

/** The id of a film's transcode job: one per film, so a repeated request does not queue twice. */
export const transcodeJobId = (filmId: number) => `transcode-${filmId}`;
/** The id of an uploaded creative's transcode job. */
export const creativeJobId = (creativeId: number) => `creative-${creativeId}`;
/** The id of a film's captions job: one per film, the newest list wins. */
export const captionsJobId = (filmId: number) => `captions-${filmId}`;

export const CAPTIONS_ATTEMPTS = 3;
/** How long enqueueCaptions waits for a running captions job (a few file writes) to finish. */
const ACTIVE_WAIT_MS = 5000;

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
   * em): the worker reads the film_media row, which is written on `em`'s connection. (If the job
   * runs first anyway, it fails and is retried.)
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
    if (options.captions) checkCaptions(options.captions);
    const jobId = transcodeJobId(filmId);
    await this.removeUnstarted(jobId);

    await new FilmMediaRepository(createQueryDb<DB>(em)).queue(filmId, sourcePath);
    return this.media.add(
      'transcode',
      {
        filmId,
        sourcePath,
        watermark,
        ...(options.captions ? { captions: checkCaptions(options.captions) } : {}),
      },
      {
        jobId,
        attempts: options.attempts ?? TRANSCODE_ATTEMPTS,
        backoff: { type: 'exponential', delay: options.backoffMs ?? TRANSCODE_BACKOFF_MS },
      },
    );
  }

  /**
   * Replaces the subtitle tracks of the film's HLS with `captions` (an empty list removes them),
   * without transcoding again: adds its `captions` job, replacing one still waiting. The job waits
   * (without spending attempts) while the film's transcode is queued or running, then applies the
   * list; a film whose media failed is left alone (its next transcode carries the captions).
   */
  async enqueueCaptions(filmId: number, captions: CaptionSource[]): Promise<Job> {
    if (!Number.isInteger(filmId) || filmId <= 0) throw new Error(`bad film id ${filmId}`);
    checkCaptions(captions);
    const jobId = captionsJobId(filmId);
    await this.removeUnstarted(jobId, ACTIVE_WAIT_MS);
    return this.media.add(
      'captions',
      { filmId, captions },
      { jobId, attempts: CAPTIONS_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 } },
    );
  }

  /**
   * Adds an uploaded creative's transcode (3 attempts, exponential backoff). Call it once its
   * creative_media row (queued) has committed.
   */
  async enqueueCreative(creativeId: number, sourcePath: string): Promise<Job> {
    if (!Number.isInteger(creativeId) || creativeId <= 0) throw new Error(`bad creative id ${creativeId}`);
    if (!isAbsolute(sourcePath)) throw new Error(`source path must be absolute: ${sourcePath}`);
    return this.media.add(
      'creative',
      { creativeId, sourcePath },
      {
        jobId: creativeJobId(creativeId),
        attempts: TRANSCODE_ATTEMPTS,
        backoff: { type: 'exponential', delay: TRANSCODE_BACKOFF_MS },
      },
    );
  }

  /** Removes the film's previous job unless it is running (waiting up to `waitMs` for it to end). */
  private async removeUnstarted(jobId: string, waitMs = 0): Promise<void> {
    const existing = await this.media.queue.getJob(jobId);
    if (!existing) return;
    let state = await existing.getState();
    for (const until = Date.now() + waitMs; state === 'active' && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      state = await existing.getState();
    }
    if (state !== 'active') {
      try {
        await existing.remove();
        return;
      } catch {
        // Taken by a worker between getState and remove: running now.
      }
    }
    throw new ConflictException(
      jobId.startsWith('captions-')
        ? `the captions of film ${jobId.slice('captions-'.length)} are being replaced right now`
        : `film ${jobId.slice('transcode-'.length)} is being transcoded right now`,
    );
  }
}

/** Refuses a caption list the worker could not turn into tracks (a programming error upstream). */
export function checkCaptions(captions: CaptionSource[]): CaptionSource[] {
  const seen = new Set<string>();
  for (const caption of captions) {
    // The language becomes a file name: the API's own rule, checked again here.
    if (
      !CAPTION_LANGUAGE_PATTERN.test(caption.language) ||
      caption.language.length > CAPTION_LANGUAGE_MAX_LENGTH
    ) {
      throw new Error(`bad caption language ${JSON.stringify(caption.language)}`);
    }
    const key = caption.language.toLowerCase();
    if (seen.has(key)) throw new Error(`caption language ${caption.language} given twice`);
    seen.add(key);
    if (!isAbsolute(caption.path)) throw new Error(`caption path must be absolute: ${caption.path}`);
  }
  return captions;
}

/** Providers for a module that enqueues transcodes: the queue producer and MediaService. */
export const MEDIA_PROVIDERS = [queueProvider(MEDIA, MEDIA_QUEUE), MediaService];
