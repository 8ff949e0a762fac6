import { EntityManager } from '@mikro-orm/postgresql';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import { CONFIG, MetricsService, type JobHandlers, type JobHandlersOwner } from '@kinora/common';
import { WaitingError, type Job } from 'bullmq';
import { isAbsolute, join } from 'node:path';
import { Histogram } from 'prom-client';
import { Film } from '../films/film.entity';
import { MediaError, probe, type MediaTools } from './ffmpeg';
import { FilmMedia, type Rendition } from './film-media.entity';
import type { WorkerConfig } from './media.config';
import type { MediaJobs } from './media.queue';
import { transcode } from './transcode';

/** Where a film's HLS lives, under MEDIA_ROOT and as the gateway serves it. */
export const filmMediaDir = (mediaRoot: string, filmId: number) => join(mediaRoot, 'films', String(filmId));
export const filmMediaUrl = (filmId: number, file: string) => `/media/films/${filmId}/${file}`;

const REASON_MAX = 300;

/** The short, human-readable reason stored in film_media.failure_reason. */
export function failureReason(error: unknown): string {
  const reason =
    error instanceof MediaError
      ? error.reason
      : error instanceof Error
        ? (error.message.split('\n')[0] ?? error.name)
        : String(error);
  return reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 3)}...` : reason;
}

/** catalog-worker's job handlers: the media pipeline of one film per job. */
@Injectable()
export class MediaJobHandlers implements BeforeApplicationShutdown, JobHandlersOwner<MediaJobs> {
  private readonly logger = new Logger(MediaJobHandlers.name);
  /** Aborted when the worker stops: running ffmpeg processes are killed and their jobs handed back. */
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private readonly duration: Histogram<'outcome'>;
  private readonly tools: MediaTools;

  constructor(
    private readonly em: EntityManager,
    @Inject(CONFIG) private readonly config: WorkerConfig,
    metrics: MetricsService,
  ) {
    this.tools = { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH };
    this.duration = new Histogram({
      name: 'media_transcode_duration_seconds',
      help: 'Wall time of a transcode job (probe, HLS renditions, poster), by outcome',
      labelNames: ['outcome'],
      buckets: [1, 5, 15, 30, 60, 120, 300, 600, 1200, 2400, 3600],
      registers: [metrics.registry],
    });
  }

  /**
   * BullMQ gave up on a transcode (its last attempt failed, or its workers kept dying mid-run):
   * the film's media is failed with a reason, never left "processing".
   */
  async onGaveUp(_name: string, payload: object, error: Error): Promise<void> {
    const { filmId } = payload as MediaJobs['transcode'];
    await this.em.fork().execute(
      `update film_media set status = 'failed', failure_reason = coalesce(failure_reason, ?), updated_at = now()
        where film_id = ? and status <> 'ready'`,
      [failureReason(error), filmId],
    );
  }

  handlers(): JobHandlers<MediaJobs> {
    return {
      transcode: (payload, job) => {
        const running = this.transcode(payload, job);
        this.running.add(running);
        return running.finally(() => this.running.delete(running));
      },
      // Placeholder so this branch compiles; the i9-pipeline branch implements the captions job.
      captions: () => Promise.reject(new Error('the captions job is not implemented on this branch')),
    };
  }

  /**
   * Stopping (SIGTERM): kill the running ffmpeg and hand its job back to the queue without spending
   * an attempt, while the database and Redis are still open (Nest runs every
   * beforeApplicationShutdown before any onApplicationShutdown, where connections close).
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.running]);
  }

  /**
   * processing (attempts + 1) → probe → transcode (HLS and the title-card poster) into
   * MEDIA_ROOT/films/<id>/ → in one transaction
   * film_media ready and the film's video_url, poster_url and duration_minutes. A failure is
   * rethrown for BullMQ to retry; on the last attempt film_media is failed with the reason.
   */
  async transcode(payload: MediaJobs['transcode'], job: Job): Promise<void> {
    const { filmId, sourcePath, watermark } = payload;
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    const em = this.em.fork();
    const marked = await em.execute<{ attempts: number }[]>(
      `update film_media set status = 'processing', attempts = attempts + 1, updated_at = now()
        where film_id = ? returning attempts`,
      [filmId],
    );
    if (marked.length === 0) {
      throw new Error(`film ${filmId} has no film_media row (deleted, or its transaction not committed yet)`);
    }
    this.logger.log({ filmId, attempt: marked[0]?.attempts, jobId: job.id }, 'transcode started');
    // The poster is a title card: the title is read now, so a re-transcode picks up a renamed film.
    const [film] = await em.execute<{ title: string }[]>('select title from films where id = ?', [filmId]);

    try {
      if (!isAbsolute(sourcePath)) throw new MediaError('source path is not absolute');
      const signal = this.stopping.signal;
      const info = await probe(sourcePath, { tools: this.tools, signal });
      const result = await transcode(sourcePath, filmMediaDir(this.config.MEDIA_ROOT, filmId), {
        watermark,
        title: film?.title,
        tools: this.tools,
        fontFile: this.config.MEDIA_FONT_FILE,
        probe: info,
        signal,
        onProgress: (fraction) => {
          void job.updateProgress(Math.round(fraction * 100)).catch(() => undefined);
        },
      });

      const renditions: Rendition[] = result.renditions.map((rendition) => ({
        name: rendition.name,
        width: rendition.width,
        height: rendition.height,
        bandwidth: rendition.bandwidth,
        averageBandwidth: rendition.averageBandwidth,
        codecs: rendition.codecs,
        playlist: filmMediaUrl(filmId, rendition.playlist),
      }));
      await em.transactional(async (tx) => {
        await tx.nativeUpdate(
          FilmMedia,
          { filmId },
          {
            status: 'ready',
            failureReason: null,
            durationSeconds: result.durationSeconds.toFixed(3),
            renditions,
            updatedAt: new Date(),
          },
        );
        await tx.nativeUpdate(
          Film,
          { id: filmId },
          {
            videoUrl: filmMediaUrl(filmId, result.master),
            posterUrl: filmMediaUrl(filmId, result.poster),
            durationMinutes: Math.max(1, Math.round(result.durationSeconds / 60)),
          },
        );
      });
      this.duration.observe({ outcome: 'ready' }, seconds());
      this.logger.log(
        { filmId, durationSeconds: result.durationSeconds, elapsedMs: result.elapsedMs },
        'transcode ready',
      );
    } catch (error) {
      if (this.stopping.signal.aborted) {
        // Shutting down: give the job back to the queue without spending one of its attempts.
        await em.execute(
          `update film_media set status = 'queued', attempts = greatest(attempts - 1, 0), updated_at = now()
            where film_id = ?`,
          [filmId],
        );
        await job.moveToWait(job.token);
        this.logger.log({ filmId, jobId: job.id }, 'transcode interrupted by shutdown; job handed back');
        throw new WaitingError();
      }
      const reason = failureReason(error);
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await em.execute(
        `update film_media set status = ?, failure_reason = ?, updated_at = now() where film_id = ?`,
        [last ? 'failed' : 'queued', reason, filmId],
      );
      this.duration.observe({ outcome: last ? 'failed' : 'retried' }, seconds());
      this.logger.warn({ filmId, jobId: job.id, reason, final: last }, 'transcode failed');
      throw error;
    }
  }
}
