// The media pipeline's rendition ladder, captions as HLS subtitle tracks, transcode progress and
// the moderation event, with Debian's ffmpeg, real PostgreSQL, Redis and Kafka: first transcode()
// on its own, then catalog-worker through the BullMQ queue. The playlists are read with hls.js's
// own parser (the SPA's player), run in a child node process.
import { fromBinary } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { EntityManager } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { JobQueue, loadConfig, migrate, OutboxService, QUERY_DB } from '@kinora/common';
import {
  createTestContext,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  eventually,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { FilmStatus, FilmStatusChangedSchema } from '@kinora/proto';
import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { Config } from '../src/config';
import { DATABASE } from '../src/database';
import { FilmsRepository } from '../src/films/films.repository';
import { FilmsService } from '../src/films/films.service';
import { withSubtitles, withTimestampMap } from '../src/media/captions';
import { MediaError } from '../src/media/ffmpeg';
import { PROGRESS_INTERVAL_MS } from '../src/media/media-jobs';
import { renditionLadder } from '../src/media/ladder';
import { workerConfigSchema, type WorkerConfig } from '../src/media/media.config';
import { MEDIA_QUEUE, type CaptionSource, type MediaJobs } from '../src/media/media.queue';
import { MediaService } from '../src/media/media.service';
import { ProgressWriter } from '../src/media/progress';
import { transcode } from '../src/media/transcode';
import { PublicReadCache } from '../src/reads/public-read-cache';
import { PublicReadsRepository } from '../src/reads/public-reads.repository';
import { WorkerAppModule } from '../src/worker.module';

const run = promisify(execFile);
const REPO = resolve(__dirname, '..', '..', '..');
const WATERMARK = 'Kinora Caption Tester';
const STATUS_TOPIC = 'catalog.film-status-changed.v1';

let work: string;
let clip720: string;
let clip1080: string;
let clipLong: string;
let english: string;
let french: string;
let broken: string;
let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let pg: Client;
let worker: INestApplicationContext | undefined;
let queue: JobQueue<MediaJobs> | undefined;

async function ffmpeg(args: string[]): Promise<string> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

async function makeClip(path: string, size: string, seconds: number): Promise<void> {
  await ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-y', path],
  ]);
}

async function startTime(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=start_time', '-of', 'default=nw=1:nk=1', path],
  ]);
  return Number.parseFloat(stdout.trim());
}

interface ParsedMaster {
  levels: { width: number; height: number; subtitles?: string }[];
  subtitles: {
    name: string;
    lang: string;
    url: string;
    groupId: string;
    default: boolean;
    autoselect: boolean;
  }[];
}

/** The master playlist as hls.js reads it (its own parser, in an ESM child process). */
async function hlsMaster(path: string): Promise<ParsedMaster> {
  const script = `
    import { M3U8Parser } from 'hls.js';
    import { readFileSync } from 'node:fs';
    const text = readFileSync(process.argv[1], 'utf8');
    const base = 'http://kinora.test/media/films/1/master.m3u8';
    const parsed = M3U8Parser.parseMasterPlaylist(text, base);
    const media = M3U8Parser.parseMasterPlaylistMedia(text, base, parsed);
    console.log(JSON.stringify({
      levels: parsed.levels.map((l) => ({ width: l.width, height: l.height, subtitles: l.attrs.SUBTITLES })),
      subtitles: (media.SUBTITLES ?? []).map((m) => ({ name: m.name, lang: m.lang, url: m.url,
        groupId: m.groupId, default: m.default, autoselect: m.autoselect })),
    }));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script, path], { cwd: REPO });
  return JSON.parse(stdout) as ParsedMaster;
}

/** The cues of a subtitle media playlist, as ffmpeg's HLS demuxer plays them. */
const playSubtitles = (playlist: string) => ffmpeg(['-i', playlist, '-f', 'webvtt', '-']);

function workerConfig(extra: Record<string, string>): WorkerConfig {
  const env = serviceEnv({ port: 1, database, kafka, redis, extra: { LOG_LEVEL: 'silent', ...extra } });
  return loadConfig(workerConfigSchema, env);
}

async function insertFilm(title: string, status = 'pending'): Promise<number> {
  const creator = await pg.query<{ id: number }>(
    `insert into creators (user_id, bio) values ($1, 'captions') returning id`,
    [`user-${title}-${Date.now()}`],
  );
  const film = await pg.query<{ id: number }>(
    `insert into films (title, description, genre, language, release_year, creator_id, status)
     values ($1, 'A film about subtitles.', 'experimental', 'en', 2026, $2, $3) returning id`,
    [title, creator.rows[0]!.id, status],
  );
  return film.rows[0]!.id;
}

async function media(filmId: number) {
  const { rows } = await pg.query<{
    status: string;
    progress: number;
    attempts: number;
    failure_reason: string | null;
  }>('select status, progress, attempts, failure_reason from film_media where film_id = $1', [filmId]);
  return rows[0]!;
}

async function statusEvents(filmId: number) {
  const { rows } = await pg.query<{ payload: Buffer }>(
    'select payload from outbox where topic = $1 and key = $2 order by position',
    [STATUS_TOPIC, String(filmId)],
  );
  return rows.map((row) => fromBinary(FilmStatusChangedSchema, row.payload));
}

const caption = (language: string, label: string, path: string): CaptionSource => ({ language, label, path });

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kinora-captions-'));
  [clip720, clip1080, clipLong] = ['c720.mp4', 'c1080.mp4', 'long.mp4'].map((name) => join(work, name));
  [english, french, broken] = ['en.vtt', 'fr.vtt', 'broken.vtt'].map((name) => join(work, name));
  await writeFile(
    english,
    'WEBVTT\n\nNOTE made by the test\n\n1\n00:00:00.500 --> 00:00:01.500\nHello <b>there</b>\n\n00:00:01.600 --> 00:00:02.000\nGoodbye\n',
  );
  await writeFile(french, 'WEBVTT\n\n00:00:00.200 --> 00:00:01.000\nBonjour\n');
  await writeFile(broken, 'WEBVTT\n\nthis line has no timing\nand neither has this one\n');
  [database, kafka] = await Promise.all([createTestDatabase('catalog_captions'), createTestKafka()]);
  redis = await createTestRedis();
  await Promise.all([
    migrate({ url: database.url, ...DATABASE }),
    makeClip(clip720, '1280x720', 2),
    makeClip(clip1080, '1920x1080', 2),
    makeClip(clipLong, '1280x720', 8),
  ]);
  pg = new Client({ connectionString: database.url });
  await pg.connect();
  // Every change of film_media.progress, with the time it was written.
  await pg.query(`
    create table progress_log (film_id int, progress int, at timestamptz default clock_timestamp());
    create function log_progress() returns trigger language plpgsql as $$
      begin
        if new.progress is distinct from old.progress then
          insert into progress_log (film_id, progress) values (new.film_id, new.progress);
        end if;
        return new;
      end $$;
    create trigger film_media_progress after update on film_media
      for each row execute function log_progress();`);
});

afterAll(async () => {
  await Promise.allSettled([queue?.queue.close(), worker?.close(), pg?.end()]);
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
  if (work) await rm(work, { recursive: true, force: true });
});

test('the ladder never upscales: 1080p only from 1080-line sources, tiny sources at their own even size', () => {
  const names = (width: number, height: number) => renditionLadder({ width, height }).map((r) => r.name);
  expect(names(1280, 720)).toStrictEqual(['360p', '720p']);
  expect(names(1920, 1080)).toStrictEqual(['360p', '720p', '1080p']);
  expect(names(3840, 2160)).toStrictEqual(['360p', '720p', '1080p']);
  expect(names(1920, 800)).toStrictEqual(['360p', '720p', '1080p']); // scope: as wide as 1080p
  expect(names(1440, 1080)).toStrictEqual(['360p', '720p', '1080p']); // 4:3, as tall as 1080p
  expect(names(1279, 719)).toStrictEqual(['360p']);
  expect(names(1080, 1920)).toStrictEqual(['360p', '720p', '1080p']); // a phone, pillarboxed
  expect(names(480, 640)).toStrictEqual(['360p']);
  expect(renditionLadder({ width: 425, height: 239 })).toMatchObject([
    { name: '240p', width: 426, height: 240 },
  ]);
  expect(renditionLadder({ width: 160, height: 90 })).toMatchObject([
    { name: '90p', width: 160, height: 90 },
  ]);
});

test('a 1080p source gets a 1080p rendition; a source below 360p one rendition at its own size', async () => {
  const big = await transcode(clip1080, join(work, 'direct', '1080'), { watermark: WATERMARK });
  expect(big.renditions.map((r) => [r.name, r.width, r.height])).toStrictEqual([
    ['360p', 640, 360],
    ['720p', 1280, 720],
    ['1080p', 1920, 1080],
  ]);
  const master = await hlsMaster(join(work, 'direct', '1080', 'master.m3u8'));
  expect(master.levels.map((l) => l.height)).toStrictEqual([360, 720, 1080]);

  const tiny = join(work, 'tiny.mp4');
  await makeClip(tiny, '320x180', 1);
  const out = join(work, 'direct', 'tiny');
  const small = await transcode(tiny, out, { watermark: WATERMARK });
  expect(small.renditions.map((r) => [r.name, r.width, r.height])).toStrictEqual([['180p', 320, 180]]);
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'json'],
    join(out, '180p', 'seg_00000.ts'),
  ]);
  expect((JSON.parse(stdout) as { streams: unknown[] }).streams).toStrictEqual([{ width: 320, height: 180 }]);
  expect((await hlsMaster(join(out, 'master.m3u8'))).levels).toMatchObject([{ width: 320, height: 180 }]);
}, 120_000);

test('captions become an HLS subtitle group hls.js reads, with cues tied to the video clock; 720p gets no 1080p', async () => {
  const out = join(work, 'direct', 'captioned');
  const result = await transcode(clip720, out, {
    watermark: WATERMARK,
    captions: [caption('en', 'English "CC"', english), caption('fr-CA', 'Français', french)],
  });
  expect(result.renditions.map((r) => r.name)).toStrictEqual(['360p', '720p']); // no 1080p from 720p
  expect(existsSync(join(out, '1080p'))).toBe(false);

  const text = await readFile(join(out, 'master.m3u8'), 'utf8');
  expect(text).toContain(
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English \'CC\'",LANGUAGE="en",AUTOSELECT=YES,DEFAULT=NO,URI="subs/en.m3u8"',
  );
  expect(text).not.toContain('1920x1080');
  const master = await hlsMaster(join(out, 'master.m3u8'));
  expect(master.levels.map((l) => [l.height, l.subtitles])).toStrictEqual([
    [360, 'subs'],
    [720, 'subs'],
  ]);
  expect(master.subtitles).toStrictEqual([
    {
      name: "English 'CC'",
      lang: 'en',
      url: 'http://kinora.test/media/films/1/subs/en.m3u8',
      groupId: 'subs',
      default: false,
      autoselect: true,
    },
    {
      name: 'Français',
      lang: 'fr-CA',
      url: 'http://kinora.test/media/films/1/subs/fr-CA.m3u8',
      groupId: 'subs',
      default: false,
      autoselect: true,
    },
  ]);

  const playlist = await readFile(join(out, 'subs', 'en.m3u8'), 'utf8');
  expect(playlist).toMatch(/#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:2\.\d{3},\nen\.vtt\n#EXT-X-ENDLIST/);
  // The cue clock starts where the video segments start (hls.js aligns cues with it).
  const vtt = await readFile(join(out, 'subs', 'en.vtt'), 'utf8');
  const ticks = Math.round((await startTime(join(out, '360p', 'seg_00000.ts'))) * 90_000);
  expect(ticks).toBeGreaterThan(0);
  expect(vtt.split('\n').slice(0, 2)).toStrictEqual([
    'WEBVTT',
    `X-TIMESTAMP-MAP=MPEGTS:${ticks},LOCAL:00:00:00.000`,
  ]);
  // Playable: ffmpeg's HLS demuxer plays the track with its cues at their times.
  const played = await playSubtitles(join(out, 'subs', 'en.m3u8'));
  expect(played).toMatch(/00:00\.500 --> 00:01\.500\nHello <b>there<\/b>/);
  expect(played).toMatch(/00:01\.600 --> 00:02\.000\nGoodbye/);
  expect(await playSubtitles(join(out, 'subs', 'fr-CA.m3u8'))).toMatch(/Bonjour/);
}, 120_000);

test('a broken caption fails the transcode at once, with the language and a plain reason', async () => {
  const out = join(work, 'direct', 'broken');
  const started = Date.now();
  const error = await transcode(clip720, out, {
    watermark: WATERMARK,
    captions: [caption('en', 'English', english), caption('de', 'Deutsch', broken)],
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(MediaError);
  expect((error as MediaError).reason).toBe('captions (de): no cue with a readable time in the file');
  expect((error as MediaError).permanent).toBe(true);
  expect(Date.now() - started).toBeLessThan(5000); // before the video encode
  expect(existsSync(out)).toBe(false);

  const text = join(work, 'plain.vtt');
  await writeFile(text, 'just some words\n');
  const notVtt = await transcode(clip720, out, {
    watermark: WATERMARK,
    captions: [caption('it', 'Italiano', text)],
  }).catch((e: unknown) => e);
  expect((notVtt as MediaError).reason).toBe(
    'captions (it): not a WebVTT file (it must start with "WEBVTT")',
  );
});

test('master rewriting and timestamp maps are idempotent', () => {
  const master =
    '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=640x360\n360p/index.m3u8\n';
  const track = { language: 'en', label: 'English', playlist: 'subs/en.m3u8' };
  const once = withSubtitles(master, [track]);
  expect(withSubtitles(once, [track])).toBe(once);
  expect(withSubtitles(once, [])).toBe(master);
  const vtt = withTimestampMap('WEBVTT\n\n00:00.000 --> 00:01.000\nhi\n', 126000);
  expect(withTimestampMap(vtt, 126000)).toBe(vtt);
  expect(vtt).toBe(
    'WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00.000 --> 00:01.000\nhi\n',
  );
});

test('progress writes: only when the percent changes, at most one per interval, never 100', async () => {
  // The writer's own clock (fake timers move Date.now too): a stalled event loop cannot reorder it.
  jest.useFakeTimers();
  try {
    const written: number[] = [];
    const writer = new ProgressWriter(async (percent) => void written.push(percent), 200);
    writer.report(0.4);
    writer.report(0.9); // same whole percent
    writer.report(5);
    writer.report(7); // within the interval: replaces 5
    await jest.advanceTimersByTimeAsync(300);
    writer.report(100);
    writer.report(100);
    await jest.advanceTimersByTimeAsync(600);
    writer.report(50); // the interval is over: written at once
    writer.report(51); // pending when closed: dropped
    await writer.close();
    writer.report(60); // closed: ignored
    await jest.advanceTimersByTimeAsync(300);
    expect(written).toStrictEqual([0, 7, 99, 50]);
  } finally {
    jest.useRealTimers();
  }
});

describe('through the queue', () => {
  let service: MediaService;
  let mediaRoot: string;

  beforeAll(async () => {
    mediaRoot = join(work, 'media');
    const config = workerConfig({ MEDIA_ROOT: mediaRoot, MEDIA_LOCK_MS: '5000' });
    worker = await createTestContext(WorkerAppModule.forRoot(config));
    queue = new JobQueue<MediaJobs>(MEDIA_QUEUE, config);
    service = new MediaService(queue);
  });

  const ready = (filmId: number) =>
    eventually(async () => (await media(filmId)).status === 'ready', 120_000, `film ${filmId} ready`);
  const finished = (jobId: string) =>
    eventually(
      async () => {
        const state = await (await queue!.queue.getJob(jobId))?.getState();
        return state === 'completed' || state === 'failed' ? state : undefined;
      },
      60_000,
      `job ${jobId} to finish`,
    );
  const em = () => worker!.get(EntityManager).fork();

  let captioned: number;

  test('a pending film with captions: progress written during the job, ready at 100, one film-status-changed', async () => {
    captioned = await insertFilm('captioned-through-the-queue');
    const enqueued = Date.now();
    await service.enqueue(em(), captioned, clipLong, WATERMARK, {
      captions: [caption('en', 'English', english)],
    });
    await ready(captioned);
    const took = Date.now() - enqueued;

    const row = await media(captioned);
    expect([row.status, row.progress, row.attempts]).toStrictEqual(['ready', 100, 1]);
    const { rows: log } = await pg.query<{ progress: number; at: Date }>(
      'select progress, at from progress_log where film_id = $1 order by at',
      [captioned],
    );
    const during = log.filter((entry) => entry.progress > 0 && entry.progress < 100);
    console.log(`progress writes: ${log.map((entry) => entry.progress).join(' ')}`);
    expect(during.length).toBeGreaterThanOrEqual(2); // written while ffmpeg ran
    expect(log.at(-1)?.progress).toBe(100);
    for (let i = 1; i < during.length; i++) {
      expect(during[i]!.progress).toBeGreaterThan(during[i - 1]!.progress);
    }
    // Throttled to one write per PROGRESS_INTERVAL_MS of the writer's clock, so the whole job holds at most one
    // more than its length allows. (The gaps between the database's own timestamps are not the
    // bound: a write delayed on a busy machine lands close to the next one.)
    expect(during.length).toBeLessThanOrEqual(Math.floor(took / PROGRESS_INTERVAL_MS) + 1);

    const dir = join(mediaRoot, 'films', String(captioned));
    const master = await hlsMaster(join(dir, 'master.m3u8'));
    expect(master.subtitles.map((s) => s.lang)).toStrictEqual(['en']);
    expect(master.levels.every((level) => level.subtitles === 'subs')).toBe(true);
    expect(await playSubtitles(join(dir, 'subs', 'en.m3u8'))).toMatch(/Hello/);

    // Playable and pending: exactly one event puts it into the moderation queue, with its details.
    const events = await statusEvents(captioned);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      filmId: BigInt(captioned),
      status: FilmStatus.PENDING,
      previousStatus: FilmStatus.PENDING,
      title: 'captioned-through-the-queue',
      description: 'A film about subtitles.',
      genre: 'experimental',
      language: 'en',
      releaseYear: 2026,
      durationMinutes: 1,
      videoUrl: `/media/films/${captioned}/master.m3u8`,
      posterUrl: `/media/films/${captioned}/poster.jpg`,
      reason: '',
    });
    expect(event!.creatorUserId).toMatch(/^user-captioned-through-the-queue-/);
    const { rows: created } = await pg.query<{ created_at: Date }>(
      'select created_at from films where id = $1',
      [captioned],
    );
    expect(timestampDate(event!.submittedAt!).getTime()).toBe(created[0]!.created_at.getTime());
  }, 180_000);

  test('the captions job replaces the tracks without re-transcoding, a broken one changes nothing, none removes them', async () => {
    expect(captioned).toBeTruthy(); // needs the film of the previous test
    const dir = join(mediaRoot, 'films', String(captioned));
    const segment = join(dir, '720p', 'seg_00000.ts');
    const before = statSync(segment).mtimeMs;

    let job = await service.enqueueCaptions(captioned, [
      caption('fr', 'Français', french),
      caption('en', 'English (UK)', english),
    ]);
    expect(await finished(job.id!)).toBe('completed');
    let master = await hlsMaster(join(dir, 'master.m3u8'));
    expect(master.subtitles.map((s) => [s.lang, s.name])).toStrictEqual([
      ['fr', 'Français'],
      ['en', 'English (UK)'],
    ]);
    expect(await playSubtitles(join(dir, 'subs', 'fr.m3u8'))).toMatch(/Bonjour/);
    expect(statSync(segment).mtimeMs).toBe(before); // the video is untouched

    job = await service.enqueueCaptions(captioned, [caption('de', 'Deutsch', broken)]);
    expect(await finished(job.id!)).toBe('failed');
    expect((await queue!.queue.getJob(job.id!))?.attemptsMade).toBe(1); // not retried
    const kept = await media(captioned);
    expect([kept.status, kept.failure_reason]).toStrictEqual([
      'ready',
      'captions (de): no cue with a readable time in the file',
    ]);
    master = await hlsMaster(join(dir, 'master.m3u8'));
    expect(master.subtitles.map((s) => s.lang)).toStrictEqual(['fr', 'en']);

    job = await service.enqueueCaptions(captioned, []);
    expect(await finished(job.id!)).toBe('completed');
    const text = await readFile(join(dir, 'master.m3u8'), 'utf8');
    expect(text).not.toMatch(/SUBTITLES/);
    master = await hlsMaster(join(dir, 'master.m3u8'));
    expect(master.subtitles).toStrictEqual([]);
    expect(master.levels.map((l) => l.height)).toStrictEqual([360, 720]);
    expect(existsSync(join(dir, 'subs'))).toBe(false);
    expect((await media(captioned)).failure_reason).toBe(null);
    expect(await statusEvents(captioned)).toHaveLength(1); // captions alone announce nothing
  }, 120_000);

  test("a moderator's decision is announced by the same builder: details, previous status and reason", async () => {
    expect(captioned).toBeTruthy(); // needs the film of the first queue test
    // The worker has no FilmsService; changeStatus reads nothing through the public read path.
    const db = worker!.get(QUERY_DB);
    const uncached = new PublicReadCache(
      { PUBLIC_READ_CACHE: 'off', PUBLIC_READ_CACHE_MAX_ENTRIES: 1 } as Config,
      new PublicReadsRepository(db),
    );
    const films = new FilmsService(em(), worker!.get(OutboxService), new FilmsRepository(db), uncached);
    await films.changeStatus(captioned, 'archived', 'The captions do not match the dialogue.');
    const events = await statusEvents(captioned);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      filmId: BigInt(captioned),
      status: FilmStatus.ARCHIVED,
      previousStatus: FilmStatus.PENDING,
      title: 'captioned-through-the-queue',
      description: 'A film about subtitles.',
      videoUrl: `/media/films/${captioned}/master.m3u8`,
      reason: 'The captions do not match the dialogue.',
    });
    expect(events[1]!.submittedAt).toStrictEqual(events[0]!.submittedAt);
    await films.changeStatus(captioned, 'archived', 'again');
    expect(await statusEvents(captioned)).toHaveLength(2); // no change, no event
  });

  test('captions sent while the transcode runs wait for it, then apply; a published film gets no event', async () => {
    const filmId = await insertFilm('published-then-recaptioned', 'published');
    await service.enqueue(em(), filmId, clip720, WATERMARK, {
      captions: [caption('en', 'English', english)],
    });
    const job = await service.enqueueCaptions(filmId, [caption('fr', 'Français', french)]);
    await ready(filmId);
    expect(await finished(job.id!)).toBe('completed');
    const master = await hlsMaster(join(mediaRoot, 'films', String(filmId), 'master.m3u8'));
    expect(master.subtitles.map((s) => s.lang)).toStrictEqual(['fr']); // the newest list won
    expect(await statusEvents(filmId)).toHaveLength(0);
  }, 120_000);
});
