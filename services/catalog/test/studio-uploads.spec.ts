/**
 * Resumable uploads (tus) and the creator studio against real PostgreSQL, Redis, Kafka and ffprobe:
 * the catalog app listens on a free local port and is driven over HTTP as the gateway would
 * (X-User-Id / X-User-Roles set by the test).
 */
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, migrate, type JobQueue } from '@kinora/common';
import {
  createTestApp,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';
import type { FilmDto } from '../src/films/film.mapper';
import { MEDIA, type MediaJobs } from '../src/media/media.queue';
import { MediaService, transcodeJobId } from '../src/media/media.service';
import type { StudioFilmDto } from '../src/studio/dto/studio-film.dto';
import { UploadsService } from '../src/uploads/uploads.service';

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let sut: NestFastifyApplication;
let db: Client;
let base: string;
let work: string;
let roots: { media: string; sources: string; uploads: string };
const clips: Record<'short' | 'other' | 'long' | 'text', Buffer> = {} as never;

const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const MEMBER = '44444444-4444-4444-8444-444444444444';
const ADMIN = '33333333-3333-4333-8333-333333333333';
const as = (userId: string, roles = 'creator') => ({ 'x-user-id': userId, 'x-user-roles': roles });
const TUS = { 'tus-resumable': '1.0.0' };
/** The longest film this app accepts (UPLOAD_MAX_DURATION_SECONDS), so a 6 s clip is too long. */
const MAX_SECONDS = 4;

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

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'kinora-studio-'));
  roots = { media: join(work, 'media'), sources: join(work, 'sources'), uploads: join(work, 'uploads') };
  clips.short = makeClip('short.mp4', 2);
  clips.other = makeClip('other.mp4', 3);
  clips.long = makeClip('long.mp4', MAX_SECONDS + 2);
  clips.text = Buffer.from('This is not a film, only a few words saved with a .mp4 name.\n'.repeat(50));

  [database, kafka] = await Promise.all([createTestDatabase('catalog_studio'), createTestKafka(1)]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const env = serviceEnv({
    port: 1,
    database,
    kafka,
    redis,
    extra: {
      LOG_LEVEL: 'silent',
      MEDIA_ROOT: roots.media,
      SOURCE_ROOT: roots.sources,
      UPLOAD_ROOT: roots.uploads,
      UPLOAD_MAX_DURATION_SECONDS: String(MAX_SECONDS),
      UPLOAD_CLEANUP_INTERVAL_SECONDS: '1',
    },
  });
  sut = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env)));
  await sut.listen({ host: '127.0.0.1', port: 0 });
  base = (await sut.getUrl()).replace('[::1]', '127.0.0.1');
  db = new Client({ connectionString: database.url });
  await db.connect();
  await db.query(
    `insert into known_users (id, email, first_name, last_name, registered_at) values
      ($1, 'ada@example.com', 'Ada', 'Vale', now()), ($2, 'bo@example.com', 'Bo', 'Reyes', now())`,
    [ADA, BO],
  );
  await db.query(`insert into creators (user_id, bio) values ($1, 'Fractal worlds.'), ($2, 'Automata.')`, [
    ADA,
    BO,
  ]);
});

afterAll(async () => {
  await db?.end();
  await sut?.close();
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
  if (work) rmSync(work, { recursive: true, force: true });
});

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function call(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string | object,
): Promise<Response> {
  const json = body !== undefined && !Buffer.isBuffer(body) && typeof body === 'object';
  return fetch(`${base}${path}`, {
    method,
    headers: json ? { ...headers, 'content-type': 'application/json' } : headers,
    body: json ? JSON.stringify(body) : (body as Buffer | string | undefined),
  });
}

/** tus creation: the upload's path (from Location). */
async function startUpload(userId: string, size: number, filename = 'clip.mp4'): Promise<string> {
  const response = await call('POST', '/api/uploads', {
    ...as(userId),
    ...TUS,
    'upload-length': String(size),
    'upload-metadata': `filename ${b64(filename)},filetype ${b64('video/mp4')}`,
  });
  expect(response.status).toBe(201);
  const location = response.headers.get('location')!;
  expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+$/);
  return location;
}

const patch = (location: string, userId: string, offset: number, bytes: Buffer) =>
  call(
    'PATCH',
    location,
    {
      ...as(userId),
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    bytes,
  );

async function upload(userId: string, bytes: Buffer, filename = 'clip.mp4'): Promise<string> {
  const location = await startUpload(userId, bytes.length, filename);
  const response = await patch(location, userId, 0, bytes);
  expect(response.status).toBe(204);
  return location.split('/').pop()!;
}

const DISCLOSURE = {
  tools: ['Runway Gen-4', 'Suno'],
  parts: ['visuals', 'sound'],
  realLikeness: false,
  likenessConsent: false,
  notes: 'Backgrounds generated, edited by hand.',
};
const VTT_EN = 'WEBVTT\n\n00:00.000 --> 00:01.500\nHello there.\n';

function filmBody(uploadId: string, title: string, extra: object = {}) {
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

const filmDirs = () =>
  existsSync(join(roots.sources, 'films')) ? readdirSync(join(roots.sources, 'films')) : [];
const filmCount = async (title: string) =>
  Number(
    (await db.query('select count(*) from films where lower(title) = lower($1)', [title])).rows[0].count,
  );

describe('resumable uploads', () => {
  test('an upload sent in two halves resumes where it stopped and completes', async () => {
    const bytes = clips.short;
    const half = Math.floor(bytes.length / 2);
    const location = await startUpload(ADA, bytes.length);

    const first = await patch(location, ADA, 0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));

    // The client comes back (a reload): the server says how much it has.
    const head = await call('HEAD', location, { ...as(ADA), ...TUS });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(half));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));

    // Sending from the wrong offset is refused; the rest from the right one completes it.
    expect((await patch(location, ADA, 0, bytes.subarray(0, 10))).status).toBe(409);
    const second = await patch(location, ADA, half, bytes.subarray(half));
    expect(second.status).toBe(204);
    expect(second.headers.get('upload-offset')).toBe(String(bytes.length));

    const id = location.split('/').pop()!;
    expect(readFileSync(join(roots.uploads, id)).equals(bytes)).toBe(true);
  });

  test('a connection cut mid-request keeps what arrived; the upload resumes from there', async () => {
    const bytes = Buffer.concat([clips.other, Buffer.alloc(512 * 1024)]);
    const location = await startUpload(ADA, bytes.length, 'cut.mp4');
    const sent = Math.floor(bytes.length / 2);
    await new Promise<void>((resolve) => {
      const { port } = new URL(base);
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...as(ADA),
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      req.on('error', () => resolve());
      req.write(bytes.subarray(0, sent), () => setTimeout(() => req.destroy(), 300));
      req.on('close', () => resolve());
    });
    let offset = -1;
    for (let i = 0; i < 50; i += 1) {
      const head = await call('HEAD', location, { ...as(ADA), ...TUS });
      offset = Number(head.headers.get('upload-offset'));
      if (offset === sent) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(offset).toBe(sent);
    const rest = await patch(location, ADA, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
  });

  test('only creators may upload: 401 for visitors, 403 JSON for other members', async () => {
    const headers = { ...TUS, 'upload-length': '100' };
    const records = () => readdirSync(roots.uploads).filter((name) => name.endsWith('.json')).length;
    const before = records();
    const visitor = await call('POST', '/api/uploads', headers);
    expect(visitor.status).toBe(401);
    const member = await call('POST', '/api/uploads', { ...headers, ...as(MEMBER, '') });
    expect(member.status).toBe(403);
    expect(await member.json()).toMatchObject({ statusCode: 403, message: 'Requires role: creator' });
    const critic = await call('POST', '/api/uploads', { ...headers, ...as(MEMBER, 'critic') });
    expect(critic.status).toBe(403);
    expect(records()).toBe(before);
  });

  test("another creator's upload does not exist for them (HEAD, PATCH, DELETE: 404)", async () => {
    const location = await startUpload(ADA, clips.short.length);
    expect((await call('HEAD', location, { ...as(BO), ...TUS })).status).toBe(404);
    expect((await patch(location, BO, 0, clips.short)).status).toBe(404);
    expect((await call('DELETE', location, { ...as(BO), ...TUS })).status).toBe(404);
    expect((await call('HEAD', location, { ...as(ADA), ...TUS })).headers.get('upload-offset')).toBe('0');
    // The owner may abandon it.
    expect((await call('DELETE', location, { ...as(ADA), ...TUS })).status).toBe(204);
    expect((await call('HEAD', location, { ...as(ADA), ...TUS })).status).toBe(404);
  });

  test('a spoofed owner in Upload-Metadata is ignored (POST to /api/uploads/ works too)', async () => {
    const response = await call('POST', '/api/uploads/', {
      ...as(BO),
      ...TUS,
      'upload-length': '10',
      'upload-metadata': `filename ${b64('x.mp4')},owner ${b64(ADA)}`,
    });
    expect(response.status).toBe(201);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]+$/);
    expect((await call('HEAD', location, { ...as(ADA), ...TUS })).status).toBe(404);
    expect((await call('HEAD', location, { ...as(BO), ...TUS })).status).toBe(200);
  });

  test('an upload larger than UPLOAD_MAX_BYTES is refused with 413', async () => {
    const response = await call('POST', '/api/uploads', {
      ...as(ADA),
      ...TUS,
      'upload-length': String(9 * 1024 ** 3),
    });
    expect(response.status).toBe(413);
  });

  test('expired uploads are removed: unfinished ones a day after they started, unused finished ones a day after', async () => {
    const uploads = sut.get(UploadsService);
    const partial = (await startUpload(ADA, 1000)).split('/').pop()!;
    const finished = await upload(ADA, clips.short);
    const fresh = await upload(ADA, clips.short);
    expect(await uploads.cleanUp()).toBe(0);

    const record = join(roots.uploads, `${partial}.json`);
    const info = JSON.parse(readFileSync(record, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    writeFileSync(record, JSON.stringify(info));
    const old = new Date(Date.now() - 25 * 3600_000);
    utimesSync(join(roots.uploads, finished), old, old);

    // The periodic clean-up (every second in this app) removes both.
    const gone = () =>
      !existsSync(join(roots.uploads, partial)) && !existsSync(join(roots.uploads, finished));
    for (let i = 0; i < 50 && !gone(); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(existsSync(join(roots.uploads, partial))).toBe(false);
    expect(existsSync(record)).toBe(false);
    expect(existsSync(join(roots.uploads, finished))).toBe(false);
    expect(existsSync(join(roots.uploads, fresh))).toBe(true);
    expect((await call('HEAD', `/api/uploads/${partial}`, { ...as(ADA), ...TUS })).status).toBe(404);
    expect(await uploads.cleanUp()).toBe(0);
  });
});

describe('the studio', () => {
  let film: StudioFilmDto;

  test('a finished upload becomes a pending film, its source and captions in place, its transcode queued', async () => {
    const uploadId = await upload(ADA, clips.short, 'My Film.MP4');
    // Two tracks of ~900 KB: the body is well over the 1 MB every other call is held to.
    const vttFr = `WEBVTT\n\n00:00.000 --> 00:01.000\n${'Bonjour. '.repeat(100_000)}\n`;
    const vttPt = `WEBVTT\n\n00:00.000 --> 00:01.000\n${'Olá, tudo. '.repeat(80_000)}\n`;
    const response = await call(
      'POST',
      '/api/studio/films',
      as(ADA),
      filmBody(uploadId, '  Dune Sea ', {
        captions: [
          { language: 'en', label: 'English', vtt: VTT_EN },
          { language: 'fr', label: 'Français', vtt: vttFr },
          { language: 'pt-BR', label: 'Português (Brasil)', vtt: vttPt },
        ],
      }),
    );
    expect(response.status).toBe(201);
    film = (await response.json()) as StudioFilmDto;
    expect(film).toMatchObject({
      title: 'Dune Sea',
      status: 'pending',
      genre: 'Sci-Fi',
      language: 'English',
      releaseYear: 2026,
      duration: 1,
      videoUrl: null,
      media: { status: 'queued', progress: 0, failureReason: null },
      moderationReason: null,
      aiDisclosure: DISCLOSURE,
      captions: [
        { language: 'en', label: 'English' },
        { language: 'fr', label: 'Français' },
        { language: 'pt-BR', label: 'Português (Brasil)' },
      ],
      creator: { userId: ADA, user: { firstName: 'Ada', lastName: 'Vale' } },
    });

    const dir = join(roots.sources, 'films', String(film.id));
    expect(readFileSync(join(dir, 'source.mp4')).equals(clips.short)).toBe(true);
    expect(readFileSync(join(dir, 'captions', 'en.vtt'), 'utf8')).toBe(VTT_EN);
    expect(readFileSync(join(dir, 'captions', 'pt-BR.vtt'), 'utf8')).toBe(vttPt);
    expect(existsSync(join(roots.uploads, uploadId))).toBe(false);
    expect(existsSync(join(roots.uploads, `${uploadId}.json`))).toBe(false);

    const queue = sut.get<JobQueue<MediaJobs>>(MEDIA);
    const job = await queue.queue.getJob(transcodeJobId(film.id));
    expect(job).toBeTruthy();
    const { payload } = job!.data as { payload: MediaJobs['transcode'] };
    expect(payload).toEqual({
      filmId: film.id,
      sourcePath: join(dir, 'source.mp4'),
      watermark: 'Ada Vale',
      captions: [
        { language: 'en', label: 'English', path: join(dir, 'captions', 'en.vtt') },
        { language: 'fr', label: 'Français', path: join(dir, 'captions', 'fr.vtt') },
        { language: 'pt-BR', label: 'Português (Brasil)', path: join(dir, 'captions', 'pt-BR.vtt') },
      ],
    });
    const media = await db.query('select status, source_path from film_media where film_id = $1', [film.id]);
    expect(media.rows[0]).toEqual({ status: 'queued', source_path: join(dir, 'source.mp4') });
    // The upload is gone: it cannot be made into a second film.
    const again = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Dune Sea II'));
    expect(again.status).toBe(404);
  });

  test('a failure after the film was written (queueing its transcode) undoes everything', async () => {
    const before = filmDirs();
    const uploadId = await upload(ADA, clips.other, 'retry.mp4');
    const media = sut.get(MediaService);
    const enqueue = jest.spyOn(media, 'enqueue').mockRejectedValueOnce(new Error('queue unavailable'));
    try {
      const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Second Try'));
      expect(response.status).toBe(500);
    } finally {
      enqueue.mockRestore();
    }
    expect(await filmCount('Second Try')).toBe(0);
    expect(filmDirs()).toEqual(before);
    expect(readFileSync(join(roots.uploads, uploadId)).equals(clips.other)).toBe(true);
    // The upload is intact: the creator can try again.
    const again = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Second Try'));
    expect(again.status).toBe(201);
    expect(existsSync(join(roots.uploads, uploadId))).toBe(false);
  });

  test('a text file renamed .mp4 is refused with a reason, leaving no film and no files', async () => {
    const before = filmDirs();
    const uploadId = await upload(ADA, clips.text, 'notes.mp4');
    const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Not A Film'));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/^This file is not a video we can read: .+/);
    expect(body.message).not.toContain(roots.uploads);
    expect(await filmCount('Not A Film')).toBe(0);
    expect(filmDirs()).toEqual(before);
    // The upload itself is left for the creator to delete (or for expiry).
    expect(existsSync(join(roots.uploads, uploadId))).toBe(true);
  });

  test('a video longer than UPLOAD_MAX_DURATION_SECONDS is refused as too long', async () => {
    const before = filmDirs();
    const uploadId = await upload(ADA, clips.long);
    const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Too Long'));
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toBe(
      'This video is too long: 6 s (the limit is 4 s)',
    );
    expect(await filmCount('Too Long')).toBe(0);
    expect(filmDirs()).toEqual(before);
  });

  test('the same title twice by one creator is a 409 (any case); another creator may use it', async () => {
    const before = filmDirs();
    const uploadId = await upload(ADA, clips.other);
    const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'dune SEA'));
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toBe(
      'You already have a film titled "dune SEA"',
    );
    expect(await filmCount('Dune Sea')).toBe(1);
    expect(filmDirs()).toEqual(before);
    expect(existsSync(join(roots.uploads, uploadId))).toBe(true);

    const bos = await upload(BO, clips.other);
    const other = await call('POST', '/api/studio/films', as(BO), filmBody(bos, 'Dune Sea'));
    expect(other.status).toBe(201);
  });

  test('bad details are 400s naming the field; unknown or unfinished uploads are 404 and 409', async () => {
    const uploadId = await upload(ADA, clips.other);
    const cases: [object, RegExp][] = [
      [{ title: '   ' }, /title/],
      [{ genre: 'Western' }, /genre/],
      [{ releaseYear: 1700 }, /releaseYear/],
      [{ releaseYear: new Date().getUTCFullYear() + 2 }, /releaseYear must not be after/],
      [{ aiDisclosure: { ...DISCLOSURE, realLikeness: true, likenessConsent: false } }, /likenessConsent/],
      [{ aiDisclosure: { ...DISCLOSURE, parts: ['visuals', 'visuals'] } }, /parts/],
      [{ aiDisclosure: { ...DISCLOSURE, parts: ['smell'] } }, /parts/],
      [{ captions: [{ language: 'en', label: 'English', vtt: 'hello' }] }, /vtt/],
      [
        {
          captions: [
            { language: 'en', label: 'A', vtt: VTT_EN },
            { language: 'EN', label: 'B', vtt: VTT_EN },
          ],
        },
        /one track per language/,
      ],
      [{ captions: [{ language: 'english!', label: 'English', vtt: VTT_EN }] }, /language/],
    ];
    for (const [extra, message] of cases) {
      const response = await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Valid', extra));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const unknown = await call('POST', '/api/studio/films', as(ADA), filmBody('nope', 'Valid'));
    expect(unknown.status).toBe(404);
    const foreign = await call('POST', '/api/studio/films', as(BO), filmBody(uploadId, 'Valid'));
    expect(foreign.status).toBe(404);
    const partial = (await startUpload(ADA, 5000)).split('/').pop()!;
    const unfinished = await call('POST', '/api/studio/films', as(ADA), filmBody(partial, 'Valid'));
    expect(unfinished.status).toBe(409);
    expect(((await unfinished.json()) as { message: string }).message).toMatch(/not finished/);
    expect(await filmCount('Valid')).toBe(0);
  });

  test('non-creators get 403 (visitors 401) on every studio call', async () => {
    const uploadId = await upload(ADA, clips.other);
    expect((await call('POST', '/api/studio/films', as(MEMBER, ''), filmBody(uploadId, 'X'))).status).toBe(
      403,
    );
    expect((await call('POST', '/api/studio/films', {}, filmBody(uploadId, 'X'))).status).toBe(401);
    expect((await call('GET', '/api/studio/films', as(MEMBER, 'critic'))).status).toBe(403);
    expect((await call('GET', `/api/studio/films/${film.id}`, as(MEMBER, ''))).status).toBe(403);
  });

  test("another creator cannot see or change a creator's film (404); admins may read it", async () => {
    for (const [method, path, body] of [
      ['GET', `/api/studio/films/${film.id}`, undefined],
      ['PATCH', `/api/studio/films/${film.id}`, { description: 'mine now' }],
      ['PUT', `/api/studio/films/${film.id}/captions`, { captions: [] }],
      ['DELETE', `/api/studio/films/${film.id}`, undefined],
    ] as const) {
      const response = await call(method, path, as(BO), body);
      expect(response.status).toBe(404);
    }
    const mine = (await (await call('GET', '/api/studio/films', as(BO))).json()) as StudioFilmDto[];
    expect(mine.map((f) => f.creator.userId)).toEqual([BO]);
    const admin = await call('GET', `/api/studio/films/${film.id}`, as(ADMIN, 'admin'));
    expect(admin.status).toBe(200);
    expect((await call('GET', '/api/studio/films', as(ADMIN, 'admin'))).status).toBe(403);
    expect(existsSync(join(roots.sources, 'films', String(film.id), 'captions', 'en.vtt'))).toBe(true);
  });

  test('pending and archived films stay out of public lists and details; the studio lists them all', async () => {
    const anonymous = (await (await call('GET', '/api/films?limit=100', {})).json()) as FilmDto[];
    expect(anonymous.map((f) => f.id)).not.toContain(film.id);
    expect((await call('GET', `/api/films/${film.id}`, {})).status).toBe(404);
    expect((await call('GET', `/api/films/${film.id}`, as(BO))).status).toBe(404);

    await db.query(
      `update films set status = 'archived', moderation_reason = 'Undisclosed AI voice' where id = $1`,
      [film.id],
    );
    expect((await call('GET', `/api/films/${film.id}`, {})).status).toBe(404);
    const mine = (await (await call('GET', '/api/studio/films', as(ADA))).json()) as StudioFilmDto[];
    const archived = mine.find((f) => f.id === film.id)!;
    expect(archived).toMatchObject({ status: 'archived', moderationReason: 'Undisclosed AI voice' });
    expect(mine.map((f) => f.createdAt)).toEqual([...mine.map((f) => f.createdAt)].sort().reverse());

    await db.query(`update films set status = 'published', published_at = now() where id = $1`, [film.id]);
    const published = (await (await call('GET', `/api/films/${film.id}`, {})).json()) as FilmDto;
    expect(published.aiDisclosure).toEqual(DISCLOSURE);
    expect(published.captions).toEqual([
      { language: 'en', label: 'English' },
      { language: 'fr', label: 'Français' },
      { language: 'pt-BR', label: 'Português (Brasil)' },
    ]);
    expect(published).not.toHaveProperty('moderationReason');
  });

  test('a published film cannot be deleted; its details can be edited, titles kept unique', async () => {
    expect((await call('DELETE', `/api/studio/films/${film.id}`, as(ADA))).status).toBe(409);
    const uploadId = await upload(ADA, clips.other);
    const second = (await (
      await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Tide Pools'))
    ).json()) as StudioFilmDto;
    const clash = await call('PATCH', `/api/studio/films/${second.id}`, as(ADA), { title: 'DUNE sea' });
    expect(clash.status).toBe(409);
    const edited = await call('PATCH', `/api/studio/films/${second.id}`, as(ADA), {
      title: 'Tide Pools (Director’s Cut)',
      genre: 'Documentary',
      aiDisclosure: { tools: [], parts: [], realLikeness: true, likenessConsent: true },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      title: 'Tide Pools (Director’s Cut)',
      genre: 'Documentary',
      description: 'A generative short.',
      aiDisclosure: { tools: [], parts: [], realLikeness: true, likenessConsent: true, notes: null },
    });
  });

  test('captions are replaced whole and republished by a captions job', async () => {
    const queue = sut.get<JobQueue<MediaJobs>>(MEDIA);
    const dir = join(roots.sources, 'films', String(film.id), 'captions');
    const vttDe = 'WEBVTT\n\n00:00.000 --> 00:01.000\nHallo.\n';
    const response = await call('PUT', `/api/studio/films/${film.id}/captions`, as(ADA), {
      captions: [{ language: 'de', label: 'Deutsch', vtt: vttDe }],
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as StudioFilmDto).captions).toEqual([
      { language: 'de', label: 'Deutsch' },
    ]);
    expect(readdirSync(dir)).toEqual(['de.vtt']);
    expect(readFileSync(join(dir, 'de.vtt'), 'utf8')).toBe(vttDe);
    const jobs = await queue.queue.getJobs(['waiting', 'delayed', 'prioritized']);
    const captionJob = jobs.find((job) => job.name === 'captions');
    expect((captionJob?.data as { payload: MediaJobs['captions'] }).payload).toEqual({
      filmId: film.id,
      captions: [{ language: 'de', label: 'Deutsch', path: join(dir, 'de.vtt') }],
    });

    const none = await call('PUT', `/api/studio/films/${film.id}/captions`, as(ADA), { captions: [] });
    expect(((await none.json()) as StudioFilmDto).captions).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('deleting a film that is not published removes it with its source and media', async () => {
    const uploadId = await upload(ADA, clips.other);
    const doomed = (await (
      await call('POST', '/api/studio/films', as(ADA), filmBody(uploadId, 'Doomed'))
    ).json()) as StudioFilmDto;
    const source = join(roots.sources, 'films', String(doomed.id));
    expect(existsSync(source)).toBe(true);
    expect((await call('DELETE', `/api/studio/films/${doomed.id}`, as(ADA))).status).toBe(204);
    expect(await filmCount('Doomed')).toBe(0);
    expect(existsSync(source)).toBe(false);
    const queue = sut.get<JobQueue<MediaJobs>>(MEDIA);
    expect(await queue.queue.getJob(transcodeJobId(doomed.id))).toBeUndefined();
    expect((await call('GET', `/api/studio/films/${doomed.id}`, as(ADA))).status).toBe(404);
  });
});
