import { EntityManager } from '@mikro-orm/postgresql';
import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import {
  CONFIG,
  MetricsService,
  OutboxService,
  type JobHandlers,
  type JobHandlersOwner,
} from '@kinora/common';
import { FilmStatusChangedSchema } from '@kinora/proto';
import { DelayedError, UnrecoverableError, WaitingError, type Job } from 'bullmq';
import { isAbsolute, join } from 'node:path';
import { Histogram } from 'prom-client';
import { CreativeMediaRepository } from '../ad-creatives/creative-media.repository';
import { Film } from '../films/film.entity';
import { filmStatusEvent } from '../films/film-status-event';
import { FilmsRepository } from '../films/films.repository';
import { replaceSubtitles } from './captions';
import { CreativeTranscoder } from './creative-jobs';
import { failTranscode, failureReason } from './job-failure';
import { MediaError, probe, type MediaTools } from './ffmpeg';
import { FilmMedia, type Rendition } from './film-media.entity';
import { FilmMediaRepository } from './film-media.repository';
import type { WorkerConfig } from './media.config';
import type { MediaJobs } from './media.queue';
import { ProgressWriter } from './progress';
import { transcode } from './transcode';

/** Where a film's HLS lives, under MEDIA_ROOT and as the gateway serves it. */
export const filmMediaDir = (mediaRoot: string, filmId: number) => join(mediaRoot, 'films', String(filmId));
export const filmMediaUrl = (filmId: number, file: string) => `/media/films/${filmId}/${file}`;

/** How often a captions job looks again while the film's transcode is still queued or running. */
export const CAPTIONS_RECHECK_MS = 2000;
/** The fewest milliseconds between two progress writes of one transcode. */
export const PROGRESS_INTERVAL_MS = 500;

/** catalog-worker's job handlers: the media pipeline of one film per job. */
@Injectable()
export class MediaJobHandlers implements BeforeApplicationShutdown, JobHandlersOwner<MediaJobs> {
  private readonly logger = new Logger(MediaJobHandlers.name);
  /** Aborted when the worker stops: running ffmpeg processes are killed and their jobs handed back. */
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private readonly duration: Histogram<'outcome'>;
  private readonly tools: MediaTools;
  private readonly creatives: CreativeTranscoder;

  constructor(
    private readonly em: EntityManager,
    @Inject(CONFIG) private readonly config: WorkerConfig,
    private readonly outbox: OutboxService,
    private readonly filmMedia: FilmMediaRepository,
    private readonly films: FilmsRepository,
    creativeMedia: CreativeMediaRepository,
    metrics: MetricsService,
  ) {
    this.tools = { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH };
    this.creatives = new CreativeTranscoder({
      creatives: creativeMedia,
      mediaRoot: config.MEDIA_ROOT,
      tools: this.tools,
      signal: this.stopping.signal,
      progressIntervalMs: PROGRESS_INTERVAL_MS,
    });
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
   * the film's media is failed with a reason, never left "processing". A captions job that gave up
   * leaves the video as it is and only records why.
   */
  async onGaveUp(name: string, payload: object, error: Error): Promise<void> {
    if (name === 'creative') return this.creatives.gaveUp(payload as MediaJobs['creative'], error);
    const { filmId } = payload as MediaJobs['transcode'] | MediaJobs['captions'];
    if (name === 'captions') {
      await this.filmMedia.setCaptionsOutcome(filmId, failureReason(error));
      return;
    }
    await this.filmMedia.failUnlessReady(filmId, failureReason(error));
  }

  handlers(): JobHandlers<MediaJobs> {
    return {
      transcode: (payload, job) => this.track(this.transcode(payload, job)),
      captions: (payload, job) => this.track(this.captions(payload, job)),
      creative: (payload, job) => this.track(this.creatives.transcode(payload, job)),
    };
  }

  private track(running: Promise<void>): Promise<void> {
    this.running.add(running);
    return running.finally(() => this.running.delete(running));
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
   * processing (attempts + 1) → probe → transcode (HLS, the title-card poster and its WebP variants)
   * into MEDIA_ROOT/films/<id>/ → in one transaction film_media ready and the film's video_url,
   * poster_url (with poster_webp_widths) and duration_minutes. A failure is rethrown for BullMQ to
   * retry; on the last attempt film_media is failed with the reason.
   */
  async transcode(payload: MediaJobs['transcode'], job: Job): Promise<void> {
    const { filmId, sourcePath, watermark } = payload;
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    const attempt = await this.filmMedia.markProcessing(filmId);
    if (attempt === undefined) {
      throw new Error(`film ${filmId} has no film_media row (deleted, or its transaction not committed yet)`);
    }
    this.logger.log({ filmId, attempt, jobId: job.id }, 'transcode started');
    // The poster is a title card: the title is read now, so a re-transcode picks up a renamed film.
    const title = await this.filmMedia.filmTitle(filmId);
    const progress = new ProgressWriter(
      (percent) => this.filmMedia.reportProgress(filmId, percent),
      PROGRESS_INTERVAL_MS,
    );

    try {
      if (!isAbsolute(sourcePath)) throw new MediaError('source path is not absolute');
      const signal = this.stopping.signal;
      const info = await probe(sourcePath, { tools: this.tools, signal });
      const result = await transcode(sourcePath, filmMediaDir(this.config.MEDIA_ROOT, filmId), {
        watermark,
        title,
        tools: this.tools,
        fontFile: this.config.MEDIA_FONT_FILE,
        probe: info,
        captions: payload.captions,
        signal,
        onProgress: (fraction) => {
          void job.updateProgress(Math.round(fraction * 100)).catch(() => undefined);
          progress.report(fraction * 100);
        },
      });
      await progress.close();

      const renditions: Rendition[] = result.renditions.map((rendition) => ({
        name: rendition.name,
        width: rendition.width,
        height: rendition.height,
        bandwidth: rendition.bandwidth,
        averageBandwidth: rendition.averageBandwidth,
        codecs: rendition.codecs,
        playlist: filmMediaUrl(filmId, rendition.playlist),
      }));
      await this.em.fork().transactional(async (tx) => {
        await tx.nativeUpdate(
          FilmMedia,
          { filmId },
          {
            status: 'ready',
            progress: 100,
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
            posterUrl: result.poster && filmMediaUrl(filmId, result.poster),
            // Beside the poster, under the same directory (film.mapper.ts builds their URLs).
            posterWebpWidths: result.posterVariants.map((variant) => variant.width),
            durationMinutes: Math.max(1, Math.round(result.durationSeconds / 60)),
          },
        );
        // Playable now: a film waiting for review enters the moderation queue with its details.
        const row = await this.films.findForStatusEvent(filmId, { lock: true });
        if (row?.status === 'pending') {
          this.outbox.add(
            tx,
            FilmStatusChangedSchema,
            filmStatusEvent(row, { previousStatus: 'pending' }),
            String(filmId),
          );
        }
      });
      this.duration.observe({ outcome: 'ready' }, seconds());
      this.logger.log(
        { filmId, durationSeconds: result.durationSeconds, elapsedMs: result.elapsedMs },
        'transcode ready',
      );
    } catch (error) {
      await progress.close();
      await failTranscode(error, job, {
        stopping: this.stopping.signal,
        handBack: () => this.filmMedia.handBack(filmId),
        record: (status, reason) => this.filmMedia.recordFailure(filmId, status, reason),
        log: (outcome, reason) => {
          if (outcome === 'handed back') {
            this.logger.log({ filmId, jobId: job.id }, 'transcode interrupted by shutdown; job handed back');
            return;
          }
          this.duration.observe({ outcome }, seconds());
          this.logger.warn(
            { filmId, jobId: job.id, reason, final: outcome === 'failed' },
            'transcode failed',
          );
        },
      });
    }
  }

  /**
   * Replaces the subtitle tracks of a transcoded film (captions.ts); the video is not touched.
   * While the film's transcode is queued or running the job waits (delayed, no attempt spent), so
   * the newest list is applied after the transcode; a film whose media failed, or that is gone,
   * is left alone (its next transcode carries its captions). A broken caption fails at once and
   * leaves the earlier tracks playing; its reason goes to film_media.failure_reason.
   */
  async captions(payload: MediaJobs['captions'], job: Job): Promise<void> {
    const { filmId, captions } = payload;
    const media = await this.filmMedia.state(filmId);
    if (!media || media.status === 'failed') {
      this.logger.log({ filmId, jobId: job.id, media: media?.status ?? 'none' }, 'captions skipped');
      return;
    }
    if (media.status !== 'ready') {
      await job.moveToDelayed(Date.now() + CAPTIONS_RECHECK_MS, job.token);
      throw new DelayedError();
    }
    try {
      const tracks = await replaceSubtitles(filmMediaDir(this.config.MEDIA_ROOT, filmId), captions, {
        tools: this.tools,
        signal: this.stopping.signal,
        durationSeconds: Number(media.duration_seconds ?? 0),
      });
      await this.filmMedia.setCaptionsOutcome(filmId, null);
      this.logger.log({ filmId, jobId: job.id, languages: tracks.map((t) => t.language) }, 'captions ready');
    } catch (error) {
      if (this.stopping.signal.aborted) {
        await job.moveToWait(job.token);
        throw new WaitingError();
      }
      const reason = failureReason(error);
      this.logger.warn({ filmId, jobId: job.id, reason }, 'captions failed');
      if (error instanceof MediaError && error.permanent) {
        // Stored before the job fails, so whoever sees it failed also sees why.
        await this.filmMedia.setCaptionsOutcome(filmId, reason);
        throw new UnrecoverableError(reason);
      }
      throw error;
    }
  }
}
