import { Logger } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { isAbsolute, join } from 'node:path';
import type { CreativeMediaRepository } from '../ad-creatives/creative-media.repository';
import { MediaError, probe, type MediaTools } from './ffmpeg';
import { failTranscode, failureReason } from './job-failure';
import type { MediaJobs } from './media.queue';
import { ProgressWriter } from './progress';
import { transcode } from './transcode';

/** Where an uploaded creative's HLS lives, under MEDIA_ROOT and as the gateway serves it. */
export const creativeFolder = (creativeId: number) => `upload-${creativeId}`;
export const creativeMediaDir = (mediaRoot: string, creativeId: number) =>
  join(mediaRoot, 'ads', creativeFolder(creativeId));
export const creativeVideoUrl = (creativeId: number) =>
  `/media/ads/${creativeFolder(creativeId)}/master.m3u8`;
/** Beside the master playlist: what the ads service's creative picker lists ({label, duration}). */
export const CREATIVE_FACTS_FILE = 'creative.json';

interface CreativeJobContext {
  creatives: CreativeMediaRepository;
  mediaRoot: string;
  tools: MediaTools;
  signal: AbortSignal;
  progressIntervalMs: number;
}

/**
 * An advertising creative's transcode (catalog-worker): processing (attempts + 1) → probe → HLS
 * with the films' ladder, without watermark or poster, into MEDIA_ROOT/ads/upload-<id>/ with its
 * creative.json written before the folder is published (the picker never sees half a creative)
 * → creative_media ready with its duration. Failures follow the films' rules (failTranscode).
 */
export class CreativeTranscoder {
  private readonly logger = new Logger(CreativeTranscoder.name);

  constructor(private readonly context: CreativeJobContext) {}

  async transcode(payload: MediaJobs['creative'], job: Job): Promise<void> {
    const { creativeId, sourcePath } = payload;
    const { creatives, mediaRoot, tools, signal } = this.context;
    const label = await creatives.markProcessing(creativeId);
    if (label === undefined) throw new UnrecoverableError(`creative ${creativeId} has no creative_media row`);
    this.logger.log({ creativeId, jobId: job.id }, 'creative transcode started');
    const progress = new ProgressWriter(
      (percent) => creatives.reportProgress(creativeId, percent),
      this.context.progressIntervalMs,
    );
    try {
      if (!isAbsolute(sourcePath)) throw new MediaError('source path is not absolute');
      const info = await probe(sourcePath, { tools, signal });
      const duration = Math.round(info.durationSeconds * 1000) / 1000;
      const result = await transcode(sourcePath, creativeMediaDir(mediaRoot, creativeId), {
        watermark: '',
        poster: false,
        extraFiles: { [CREATIVE_FACTS_FILE]: `${JSON.stringify({ label, duration })}\n` },
        tools,
        probe: info,
        signal,
        onProgress: (fraction) => progress.report(fraction * 100),
      });
      await progress.close();
      await creatives.markReady(creativeId, result.durationSeconds.toFixed(3));
      this.logger.log({ creativeId, elapsedMs: result.elapsedMs }, 'creative transcode ready');
    } catch (error) {
      await progress.close();
      await failTranscode(error, job, {
        stopping: signal,
        handBack: () => creatives.handBack(creativeId),
        record: (status, reason) => creatives.recordFailure(creativeId, status, reason),
        log: (outcome, reason) =>
          this.logger.warn({ creativeId, jobId: job.id, reason, outcome }, 'creative transcode failed'),
      });
    }
  }

  /** BullMQ gave up (workers kept dying mid-run): the creative is failed, never left processing. */
  async gaveUp(payload: MediaJobs['creative'], error: Error): Promise<void> {
    await this.context.creatives.failUnlessReady(payload.creativeId, failureReason(error));
  }
}
