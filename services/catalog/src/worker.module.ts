import { ServiceRootModule, WorkerModule } from '@kinora/common';
import { CreativeMediaRepository } from './ad-creatives/creative-media.repository';
import { DATABASE } from './database';
import { FilmsRepository } from './films/films.repository';
import { FilmMediaRepository } from './media/film-media.repository';
import { MediaJobHandlers } from './media/media-jobs';
import type { WorkerConfig } from './media/media.config';
import { MEDIA_QUEUE } from './media/media.queue';

/** catalog-worker: the media pipeline (ffmpeg); serves only /health, /health/live and /metrics. */
export class WorkerAppModule extends ServiceRootModule<WorkerConfig>(
  { name: 'catalog-worker', ...DATABASE },
  (config) => ({
    // The job handlers (provided inside WorkerModule) take the repositories from here.
    global: true,
    providers: [FilmMediaRepository, CreativeMediaRepository, FilmsRepository],
    exports: [FilmMediaRepository, CreativeMediaRepository, FilmsRepository],
    imports: [
      // One CPU-heavy transcode at a time. The lock is renewed while the process lives; a killed
      // worker's job is handed to another once it expires (stalled check at the same interval).
      WorkerModule.forQueue(MEDIA_QUEUE, MediaJobHandlers, {
        concurrency: config.MEDIA_CONCURRENCY,
        lockDuration: config.MEDIA_LOCK_MS,
        stalledInterval: config.MEDIA_LOCK_MS,
        maxStalledCount: 2,
      }),
    ],
  }),
) {}
