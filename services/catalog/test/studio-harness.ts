/**
 * The harness of uploads.spec.ts and studio.spec.ts: the catalog app against real PostgreSQL,
 * Redis, Kafka and ffprobe, listening on a free local port and driven over HTTP as the gateway
 * would (X-User-Id / X-User-Roles set by the test), with clips made by ffmpeg and two creators.
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startTestService, type TestService } from '@kinora/common/testing';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

let service: TestService<Config>;
let work: string;

/** The running app and what the specs look at, set by useCatalogApp's beforeAll. */
export const app = {} as {
  sut: NestFastifyApplication;
  db: Client;
  base: string;
  roots: { media: string; sources: string; uploads: string };
  /** The app's environment, for a catalog-worker beside it (same database, Redis prefix, roots). */
  env: Record<string, string>;
  clips: Record<'short' | 'other' | 'long' | 'text', Buffer>;
};

export const ADA = '11111111-1111-4111-8111-111111111111';
export const BO = '22222222-2222-4222-8222-222222222222';
export const MEMBER = '44444444-4444-4444-8444-444444444444';
export const ADMIN = '33333333-3333-4333-8333-333333333333';
export const as = (userId: string, roles = 'creator') => ({ 'x-user-id': userId, 'x-user-roles': roles });
export const TUS = { 'tus-resumable': '1.0.0' };
/** The longest film this app accepts (UPLOAD_MAX_DURATION_SECONDS), so a 6 s clip is too long. */
export const MAX_SECONDS = 4;

function makeClip(name: string, seconds: number): Buffer {
  const path = join(work, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=160x120:rate=10:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-y',
    path,
  ]);
  return readFileSync(path);
}

/** Starts the app before the spec's tests (its own database, key prefix, topics and folders) and stops it after. */
export function useCatalogApp(label: string): void {
  beforeAll(() => start(label));
  afterAll(stop);
}

async function start(label: string): Promise<void> {
  work = mkdtempSync(join(tmpdir(), `kinora-${label}-`));
  const roots = {
    media: join(work, 'media'),
    sources: join(work, 'sources'),
    uploads: join(work, 'uploads'),
  };
  app.roots = roots;
  app.clips = {
    short: makeClip('short.mp4', 2),
    other: makeClip('other.mp4', 3),
    long: makeClip('long.mp4', MAX_SECONDS + 2),
    text: Buffer.from('This is not a film, only a few words saved with a .mp4 name.\n'.repeat(50)),
  };

  service = await startTestService({
    name: `catalog_${label}`,
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
    env: {
      MEDIA_ROOT: roots.media,
      SOURCE_ROOT: roots.sources,
      UPLOAD_ROOT: roots.uploads,
      UPLOAD_MAX_DURATION_SECONDS: String(MAX_SECONDS),
      UPLOAD_CLEANUP_INTERVAL_SECONDS: '1',
    },
  });
  app.env = service.env;
  app.sut = service.api;
  await app.sut.listen({ host: '127.0.0.1', port: 0 });
  app.base = (await app.sut.getUrl()).replace('[::1]', '127.0.0.1');
  const db = service.db;
  app.db = db;
  await db.query(
    `insert into known_users (id, email, first_name, last_name, registered_at) values
      ($1, 'ada@example.com', 'Ada', 'Vale', now()), ($2, 'bo@example.com', 'Bo', 'Reyes', now())`,
    [ADA, BO],
  );
  await db.query(`insert into creators (user_id, bio) values ($1, 'Fractal worlds.'), ($2, 'Automata.')`, [
    ADA,
    BO,
  ]);
}

async function stop(): Promise<void> {
  await service?.close();
  if (work) rmSync(work, { recursive: true, force: true });
}

export const b64 = (text: string) => Buffer.from(text).toString('base64');

export async function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string | object,
): Promise<Response> {
  const json = body !== undefined && !Buffer.isBuffer(body) && typeof body === 'object';
  return fetch(`${app.base}${path}`, {
    method,
    headers: json ? { ...headers, 'content-type': 'application/json' } : headers,
    body: json ? JSON.stringify(body) : (body as Buffer | string | undefined),
  });
}

/** tus creation: the upload's path (from Location). */
export async function startUpload(
  userId: string,
  size: number,
  filename = 'clip.mp4',
  roles = 'creator',
): Promise<string> {
  const response = await call('POST', '/api/uploads', {
    ...as(userId, roles),
    ...TUS,
    'upload-length': String(size),
    'upload-metadata': `filename ${b64(filename)},filetype ${b64('video/mp4')}`,
  });
  expect(response.status).toBe(201);
  const location = response.headers.get('location')!;
  expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+$/);
  return location;
}

export const patch = (location: string, userId: string, offset: number, bytes: Buffer, roles = 'creator') =>
  call(
    'PATCH',
    location,
    {
      ...as(userId, roles),
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    bytes,
  );

export async function upload(
  userId: string,
  bytes: Buffer,
  filename = 'clip.mp4',
  roles = 'creator',
): Promise<string> {
  const location = await startUpload(userId, bytes.length, filename, roles);
  const response = await patch(location, userId, 0, bytes, roles);
  expect(response.status).toBe(204);
  return location.split('/').pop()!;
}

export const DISCLOSURE = {
  tools: ['Runway Gen-4', 'Suno'],
  parts: ['visuals', 'sound'],
  realLikeness: false,
  likenessConsent: false,
  notes: 'Backgrounds generated, edited by hand.',
};
export const VTT_EN = 'WEBVTT\n\n00:00.000 --> 00:01.500\nHello there.\n';

export function filmBody(uploadId: string, title: string, extra: object = {}) {
  return {
    uploadId,
    title,
    description: 'A generative short.',
    genre: 'Sci-Fi',
    language: 'English',
    releaseYear: 2026,
    aiDisclosure: DISCLOSURE,
    ...extra,
  };
}

export const filmDirs = () =>
  existsSync(join(app.roots.sources, 'films')) ? readdirSync(join(app.roots.sources, 'films')) : [];
export const filmCount = async (title: string) =>
  Number(
    (await app.db.query('select count(*) from films where lower(title) = lower($1)', [title])).rows[0].count,
  );
