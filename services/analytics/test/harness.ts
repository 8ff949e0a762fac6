import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { publishEvent, startTestService, type EventTarget, type TestService } from '@kinora/common/testing';
import { CreatorRegisteredSchema, FilmStatus, FilmStatusChangedSchema } from '@kinora/proto';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import { WorkerAppModule } from '../src/worker.module';

/** A test's own analytics: database, topics, Redis prefix, the API and the worker, in process. */
export interface Analytics extends TestService<Config> {
  worker: NestFastifyApplication;
}

export async function startAnalytics(extra: Record<string, string> = {}): Promise<Analytics> {
  const service = await startTestService({
    name: 'analytics',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    env: extra,
  });
  // An app, as analytics-worker runs: its batch consumers consume in an app only.
  const worker = await service.startApp(WorkerAppModule.forRoot(service.config as Config));
  return { ...service, worker };
}

/** What publishing needs: the test's topics and a producer (an in-process Analytics has both). */
export type Publisher = EventTarget;

/** Publishes an event as its producer service would (envelope filled in). */
export const publish = publishEvent;

/** A published film of `creatorId` (owned by `userId`) of the given length, as catalog announces it. */
export async function publishFilm(
  analytics: Publisher,
  film: { id: number; creatorId: number; userId: string; seconds: number; title?: string; genre?: string },
): Promise<void> {
  await publish(analytics, CreatorRegisteredSchema, String(film.creatorId), {
    creatorId: BigInt(film.creatorId),
    userId: film.userId,
  });
  await publish(analytics, FilmStatusChangedSchema, String(film.id), {
    filmId: BigInt(film.id),
    status: FilmStatus.PUBLISHED,
    previousStatus: FilmStatus.PENDING,
    title: film.title ?? `Film ${film.id}`,
    creatorId: BigInt(film.creatorId),
    creatorUserId: film.userId,
    genre: film.genre ?? 'Drama',
    durationMinutes: Math.max(1, Math.round(film.seconds / 60)),
    durationSeconds: film.seconds,
    mediaBytes: BigInt(Math.round(film.seconds * 250_000)),
  });
}

export const member = (userId: string, roles = '') => ({ 'x-user-id': userId, 'x-user-roles': roles });
