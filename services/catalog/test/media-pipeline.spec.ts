// The media pipeline end to end with Debian's ffmpeg: a real generated clip goes to HLS (360p +
// 720p + master playlist + poster and its WebP variants), with the creator's name burned in; then
// through the BullMQ queue and catalog-worker against real PostgreSQL and Redis: success, a bad
// source failing at once (then re-enqueued), and a worker killed mid-transcode whose job another
// one finishes.
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { INestApplicationContext } from '@nestjs/common';
import { JobQueue, loadConfig, MetricsService, migrate, ormOptions } from '@kinora/common';
import {
  createTestContext,
  createTestDatabase,
  createTestKafka,
  createTestRedis,
  eventually,
  freePort,
  serviceEnv,
  type TestDatabase,
  type TestKafka,
  type TestRedis,
} from '@kinora/common/testing';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { DATABASE } from '../src/database';
import { workerConfigSchema, type WorkerConfig } from '../src/media/media.config';
import { MEDIA_QUEUE, type MediaJobs } from '../src/media/media.queue';
import { MediaService } from '../src/media/media.service';
import {
  escapeFilterValue,
  outputFrameRate,
  POSTER_VARIANT_WIDTHS,
  posterTime,
  transcode,
  watermarkText,
  type TranscodeResult,
} from '../src/media/transcode';
import { WorkerAppModule } from '../src/worker.module';

const run = promisify(execFile);
// The compiled worker, as deployed: `npm run build:services` first.
const WORKER_JS = resolve(__dirname, '..', 'dist', 'src', 'worker.js');
const WATERMARK = 'Kinora Test Creator';
/** A name with every character drawtext's parsers care about. */
const NASTY_NAME = "Zoë O'Brien: 100% \\ [raw], a;b {pts}";

let work: string;
let shortClip: string;
let longClip: string;
let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let pg: Client;
let worker: INestApplicationContext | undefined;
const children: ChildProcess[] = [];
/** What a test opened for itself, closed once it ends (pass or fail). */
const afterThisTest: (() => Promise<unknown>)[] = [];

afterEach(async () => {
  for (const close of afterThisTest.splice(0)) await close();
});

async function ffmpeg(args: string[]): Promise<Buffer> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

interface Probed {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration?: string; format_name: string };
}

async function ffprobe(path: string): Promise<Probed> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ]);
  return JSON.parse(stdout) as Probed;
}

/** A real clip from ffmpeg's own sources: testsrc2 picture (1280x720, 25 fps) + a sine tone. */
async function makeClip(path: string, seconds: number): Promise<void> {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=25:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-y',
    path,
  ]);
}

/** Frame `n` as 1280x720 8-bit gray pixels. */
function grayFrame(input: string, n: number): Promise<Buffer> {
  return ffmpeg([
    '-i',
    input,
    '-vf',
    `select=eq(n\\,${n}),scale=1280:720`,
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-',
  ]);
}

function meanAbsDiff(a: Buffer, b: Buffer, box: { x0: number; y0: number; x1: number; y1: number }): number {
  let sum = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) sum += Math.abs(a[y * 1280 + x]! - b[y * 1280 + x]!);
  }
  return sum / ((box.x1 - box.x0) * (box.y1 - box.y0));
}

function workerConfig(extra: Record<string, string>, prefix?: string): WorkerConfig {
  const env = serviceEnv({ port: 1, database, kafka, redis, extra: { LOG_LEVEL: 'silent', ...extra } });
  if (prefix) env.REDIS_PREFIX = prefix;
  return loadConfig(workerConfigSchema, env);
}

async function insertFilm(title: string): Promise<number> {
  const creator = await pg.query<{ id: number }>(
    `insert into creators (user_id, bio) values ($1, 'makes generative films') returning id`,
    [`user-${title}-${Date.now()}`],
  );
  const film = await pg.query<{ id: number }>(
    `insert into films (title, genre, language, release_year, creator_id)
     values ($1, 'experimental', 'en', 2026, $2) returning id`,
    [title, creator.rows[0]!.id],
  );
  return film.rows[0]!.id;
}

interface MediaRow {
  status: string;
  failure_reason: string | null;
  attempts: number;
  duration_seconds: string | null;
  renditions: { name: string; width: number; height: number; bandwidth: number; playlist: string }[];
}

async function mediaRow(filmId: number): Promise<MediaRow> {
  const { rows } = await pg.query<MediaRow>(`select * from film_media where film_id = $1`, [filmId]);
  expect(rows[0]).toBeTruthy();
  return rows[0]!;
}

async function filmRow(filmId: number) {
  const { rows } = await pg.query<{
    video_url: string | null;
    poster_url: string | null;
    duration_minutes: number;
  }>(`select video_url, poster_url, duration_minutes from films where id = $1`, [filmId]);
  return rows[0]!;
}

async function posterWebpWidths(filmId: number): Promise<number[]> {
  const { rows } = await pg.query<{ poster_webp_widths: number[] }>(
    `select poster_webp_widths from films where id = $1`,
    [filmId],
  );
  return rows[0]!.poster_webp_widths;
}

function leftovers(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('.')) : [];
}

/** A catalog-worker process (the compiled dist/src/worker.js), as `make up` and the images run it. */
async function startWorkerProcess(
  env: Record<string, string>,
): Promise<ChildProcess & { output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [WORKER_JS], {
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  children.push(child);
  await eventually(
    async () => (await fetch(`http://127.0.0.1:${port}/health/live`).catch(() => undefined))?.ok,
    30_000,
    `catalog-worker on ${port} to start:\n${output}`,
  );
  return Object.assign(child, { output: () => output });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'kinora-media-'));
  shortClip = join(work, 'short.mp4');
  longClip = join(work, 'long.mp4');
  [database, kafka] = await Promise.all([createTestDatabase('catalog_media'), createTestKafka()]);
  redis = await createTestRedis();
  await Promise.all([
    migrate({ url: database.url, ...DATABASE }),
    makeClip(shortClip, 6),
    makeClip(longClip, 30),
  ]);
  pg = new Client({ connectionString: database.url });
  await pg.connect();
});

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.allSettled([worker?.close(), pg?.end()]);
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
  if (work) await rm(work, { recursive: true, force: true });
});

let direct: { out: string; result: TranscodeResult };

test('transcode() writes 640x360 and 1280x720 HLS renditions, a master playlist and a poster', async () => {
  const out = join(work, 'direct', 'films', '1');
  const started = Date.now();
  const result = await transcode(shortClip, out, { watermark: WATERMARK });
  console.log(`transcode of the 6 s 1280x720 clip took ${Date.now() - started} ms`);
  direct = { out, result };

  const master = await readFile(join(out, 'master.m3u8'), 'utf8');
  const expected = [
    { name: '360p', width: 640, height: 360 },
    { name: '720p', width: 1280, height: 720 },
  ];
  for (const { name, width, height } of expected) {
    const entry = new RegExp(
      `#EXT-X-STREAM-INF:BANDWIDTH=\\d+,AVERAGE-BANDWIDTH=\\d+,RESOLUTION=${width}x${height},FRAME-RATE=25\\.000,CODECS="avc1\\.4d40[0-9a-f]{2},mp4a\\.40\\.2"\\n${name}/index\\.m3u8`,
    );
    expect(master).toMatch(entry);

    const playlist = await readFile(join(out, name, 'index.m3u8'), 'utf8');
    expect(playlist).toMatch(/#EXT-X-PLAYLIST-TYPE:VOD/);
    expect(playlist).toMatch(/#EXT-X-TARGETDURATION:4\n/);
    expect(playlist).toMatch(/#EXT-X-ENDLIST/);
    const first = await ffprobe(join(out, name, 'seg_00000.ts'));
    const video = first.streams.find((s) => s.codec_type === 'video');
    expect(video?.codec_name).toBe('h264');
    expect([video?.width, video?.height]).toStrictEqual([width, height]);
    expect(first.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');

    const whole = await ffprobe(join(out, name, 'index.m3u8'));
    expect(Math.abs(Number(whole.format.duration) - 6)).toBeLessThan(0.3);
  }
  const rendered = result.renditions.map((r) => [r.name, r.width, r.height, r.segments]);
  expect(rendered).toStrictEqual([
    ['360p', 640, 360, 2],
    ['720p', 1280, 720, 2],
  ]);
  expect(result.renditions[1]!.bandwidth).toBeGreaterThan(result.renditions[0]!.bandwidth); // 720p needs more bandwidth
  expect(Math.abs(result.durationSeconds - 6)).toBeLessThan(0.1);

  const poster = await ffprobe(join(out, 'poster.jpg'));
  expect(poster.streams[0]?.codec_name).toBe('mjpeg');
  expect([poster.streams[0]?.width, poster.streams[0]?.height]).toStrictEqual([720, 1080]); // a 2:3 title card
  expect(leftovers(join(work, 'direct', 'films'))).toStrictEqual([]); // no temporary directories left

  // The poster's WebP variants, beside it: each a still WebP of its width, 2:3, lighter than the JPEG.
  expect(POSTER_VARIANT_WIDTHS).toStrictEqual([160, 240, 320, 480, 720]);
  expect(result.posterVariants).toStrictEqual(
    POSTER_VARIANT_WIDTHS.map((width) => ({
      file: `poster-${width}.webp`,
      width,
      height: width * 1.5,
      type: 'image/webp',
    })),
  );
  const jpegBytes = (await stat(join(out, 'poster.jpg'))).size;
  const sizes: string[] = [`poster.jpg ${jpegBytes} B`];
  for (const { file, width, height } of result.posterVariants) {
    const bytes = await readFile(join(out, file));
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(bytes.subarray(12, 16).toString('latin1')).toBe('VP8 '); // lossy, a single still frame
    const probed = await ffprobe(join(out, file));
    expect(probed.streams).toHaveLength(1);
    expect(probed.streams[0]).toMatchObject({ codec_type: 'video', codec_name: 'webp', width, height });
    sizes.push(`${file} ${bytes.length} B`);
  }
  const largest = result.posterVariants.at(-1)!;
  expect((await stat(join(out, largest.file))).size).toBeLessThan(jpegBytes); // same size, fewer bytes
  console.log(`poster sizes: ${sizes.join(', ')}`);
  const written = readdirSync(out).filter((name) => name.startsWith('poster'));
  expect(written.sort()).toStrictEqual(['poster.jpg', ...result.posterVariants.map((v) => v.file)].sort());
});

test('a portrait clip without sound is pillarboxed to the same sizes and gets a silent AAC track', async () => {
  const clip = join(work, 'portrait.mp4');
  // 540x960: fills 720p's height without upscaling (so 360p and 720p), not 1080p's.
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'mandelbrot=size=540x960:rate=30',
    '-t',
    '3',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-y',
    clip,
  ]);
  const out = join(work, 'direct', 'films', '2');
  const result = await transcode(clip, out, { watermark: NASTY_NAME });
  expect(result.source.hasAudio).toBe(false);
  expect(result.renditions.map((r) => r.name)).toStrictEqual(['360p', '720p']);
  for (const [name, width, height] of [
    ['360p', 640, 360],
    ['720p', 1280, 720],
  ] as const) {
    const first = await ffprobe(join(out, name, 'seg_00000.ts'));
    const video = first.streams.find((s) => s.codec_type === 'video');
    expect([video?.width, video?.height]).toStrictEqual([width, height]);
    expect(first.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
  }
  // Pillarbox: bands left and right of the 406 px wide picture (x 437..843) are black; the picture is not.
  const frame = await grayFrame(join(out, '720p', 'index.m3u8'), 30);
  const black = Buffer.alloc(frame.length, 0);
  expect(meanAbsDiff(frame, black, { x0: 0, y0: 0, x1: 420, y1: 720 })).toBeLessThan(20); // left band
  expect(meanAbsDiff(frame, black, { x0: 860, y0: 0, x1: 1280, y1: 600 })).toBeLessThan(20); // right band
  expect(meanAbsDiff(frame, black, { x0: 450, y0: 0, x1: 830, y1: 720 })).toBeGreaterThan(40); // the picture
});

test('watermark text, filter escaping, frame rate and poster time helpers', () => {
  expect(watermarkText('  Ana\n\tBanana\u200b ')).toBe('Ana Banana');
  expect([...watermarkText('x'.repeat(100))].length).toBe(40);
  expect(watermarkText('x'.repeat(100)).endsWith('…')).toBeTruthy();
  expect(escapeFilterValue("/a b/it's: x,[y];z\\w")).toBe("/a b/it\\\\\\'s\\\\: x\\,\\[y\\]\\;z\\\\\\\\w");
  expect([undefined, 24, 25, 29.97, 50, 59.94, 120].map((fps) => outputFrameRate(fps).expr)).toStrictEqual([
    '25',
    '24',
    '25',
    '30000/1001',
    '25',
    '30000/1001',
    '30',
  ]);
  expect([0.5, 6, 30, 600].map(posterTime)).toStrictEqual([0, 1, 3, 60]);
});

test('the creator watermark is burned into the bottom-right corner of the picture', async () => {
  expect(direct).toBeTruthy(); // needs the transcode of the previous test
  // The same frame (n = 75, t = 3 s) from the source and from the 720p rendition.
  const [source, rendition] = await Promise.all([
    grayFrame(shortClip, 75),
    grayFrame(join(direct.out, '720p', 'index.m3u8'), 75),
  ]);
  expect(source.length).toBe(1280 * 720);
  expect(rendition.length).toBe(1280 * 720);
  // drawtext: 4.5% of 720 = 32 px high, 4% (29 px) from the right and bottom edges.
  const watermark = { x0: 1000, y0: 660, x1: 1250, y1: 690 };
  // The same width higher up, over busy picture (checkerboard, moving shapes): coding noise only.
  const control = { x0: 1000, y0: 560, x1: 1250, y1: 590 };
  const inside = meanAbsDiff(source, rendition, watermark);
  const outside = meanAbsDiff(source, rendition, control);
  console.log(
    `mean |source - 720p| in gray levels: watermark box ${inside.toFixed(2)}, control box ${outside.toFixed(2)}`,
  );
  expect(inside).toBeGreaterThan(8);
  expect(inside).toBeGreaterThan(3 * outside);
  // The 360p rendition carries it too, at the same relative place.
  const small = await ffmpeg([
    '-i',
    join(direct.out, '360p', 'index.m3u8'),
    '-vf',
    'select=eq(n\\,75),scale=1280:720',
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'gray',
    '-',
  ]);
  expect(meanAbsDiff(source, small, watermark)).toBeGreaterThan(3 * meanAbsDiff(source, small, control)); // 360p watermark
});

test('through the queue: catalog-worker transcodes a film and publishes its video and poster', async () => {
  const mediaRoot = join(work, 'media');
  const config = workerConfig({ MEDIA_ROOT: mediaRoot, MEDIA_LOCK_MS: '5000' });
  worker = await createTestContext(WorkerAppModule.forRoot(config));
  const em = worker.get(EntityManager);
  const queue = new JobQueue<MediaJobs>(MEDIA_QUEUE, config);
  afterThisTest.push(() => queue.queue.close());
  const media = new MediaService(queue);

  const filmId = await insertFilm('through-the-queue');
  const started = Date.now();
  await media.enqueue(em.fork(), filmId, shortClip, NASTY_NAME);
  expect((await mediaRow(filmId)).status).toBe('queued');
  await eventually(async () => (await mediaRow(filmId)).status === 'ready', 90_000, 'film_media ready');
  console.log(`enqueue → ready in ${Date.now() - started} ms`);

  const row = await mediaRow(filmId);
  expect(row.failure_reason).toBe(null);
  expect(row.attempts).toBe(1);
  expect(Math.abs(Number(row.duration_seconds) - 6)).toBeLessThan(0.1);
  expect(row.renditions.map((r) => [r.name, r.width, r.height, r.playlist])).toStrictEqual([
    ['360p', 640, 360, `/media/films/${filmId}/360p/index.m3u8`],
    ['720p', 1280, 720, `/media/films/${filmId}/720p/index.m3u8`],
  ]);
  expect(await filmRow(filmId)).toStrictEqual({
    video_url: `/media/films/${filmId}/master.m3u8`,
    poster_url: `/media/films/${filmId}/poster.jpg`,
    duration_minutes: 1,
  });
  expect(await posterWebpWidths(filmId)).toStrictEqual([160, 240, 320, 480, 720]);
  const dir = join(mediaRoot, 'films', String(filmId));
  for (const file of ['master.m3u8', 'poster.jpg', '360p/index.m3u8', '720p/seg_00000.ts']) {
    expect(existsSync(join(dir, file))).toBeTruthy();
  }
  for (const width of POSTER_VARIANT_WIDTHS) {
    expect(existsSync(join(dir, `poster-${width}.webp`))).toBeTruthy();
  }
  expect(leftovers(join(mediaRoot, 'films'))).toStrictEqual([]);
  const metrics = await worker.get(MetricsService).registry.metrics();
  expect(metrics).toMatch(/media_transcode_duration_seconds_count\{outcome="ready"\} 1/);
}, 180_000);

test('a non-video source fails at once (no retries) with a plain reason; enqueued again it succeeds', async () => {
  expect(worker).toBeTruthy(); // needs the worker of the previous test
  const config = workerConfig({ MEDIA_ROOT: join(work, 'media') });
  const em = worker!.get(EntityManager);
  const queue = new JobQueue<MediaJobs>(MEDIA_QUEUE, config);
  const media = new MediaService(queue);
  try {
    const bad = join(work, 'not-a-video.mp4');
    await writeFile(bad, 'this is a text file, not a film\n');
    const filmId = await insertFilm('bad-source');
    expect(await posterWebpWidths(filmId)).toStrictEqual([]); // none until transcoded
    // Three attempts allowed, a long backoff: only a failure that skips the retries ends quickly.
    const job = await media.enqueue(em.fork(), filmId, bad, WATERMARK, { attempts: 3, backoffMs: 60_000 });
    await eventually(async () => (await mediaRow(filmId)).status === 'failed', 30_000, 'film_media failed');
    const row = await mediaRow(filmId);
    expect(row.attempts).toBe(1); // one run: the same file would fail the same way again
    expect(row.failure_reason).toBe(
      'not a video file we can read (Invalid data found when processing input)',
    );
    expect((await filmRow(filmId)).video_url).toBe(null);
    const failed = await queue.queue.getJob(job.id!);
    expect(await failed?.getState()).toBe('failed');
    expect(failed?.attemptsMade).toBe(1);
    const { rows: events } = await pg.query(`select 1 from outbox where key = $1`, [String(filmId)]);
    expect(events).toHaveLength(0); // not playable: not announced for review

    // The same film with a good source: the failed job is replaced (same job id), not ignored.
    await media.enqueue(em.fork(), filmId, shortClip, WATERMARK);
    const reset = await mediaRow(filmId);
    expect(['queued', 'processing']).toContain(reset.status);
    expect(reset.failure_reason).toBe(null);
    await eventually(async () => (await mediaRow(filmId)).status === 'ready', 90_000, 'film_media ready');
    expect((await filmRow(filmId)).video_url).toBe(`/media/films/${filmId}/master.m3u8`);
  } finally {
    await queue.queue.close();
    await worker!.close();
    worker = undefined;
  }
}, 180_000);

test('the job of a killed worker is picked up again; a stopped worker hands its job back', async () => {
  const mediaRoot = join(work, 'media-kill');
  // Its own queue namespace: nothing else consumes these jobs. Short locks keep the test quick.
  const prefix = `${redis.prefix}kill:`;
  const extra = { MEDIA_ROOT: mediaRoot, MEDIA_LOCK_MS: '3000', LOG_LEVEL: 'warn' };
  const env = { ...serviceEnv({ port: 1, database, kafka, redis, extra }), REDIS_PREFIX: prefix };
  const queue = new JobQueue<MediaJobs>(MEDIA_QUEUE, workerConfig(extra, prefix));
  afterThisTest.push(() => queue.queue.close());
  const orm = await MikroORM.init(ormOptions({ url: database.url, ...DATABASE }));
  afterThisTest.push(() => orm.close());
  const films = join(mediaRoot, 'films');

  /** Mid-transcode: processing, and ffmpeg has written a first 720p segment into a new work dir. */
  const transcoding = (filmId: number, except?: string) =>
    eventually(
      async () => {
        if ((await mediaRow(filmId)).status !== 'processing') return undefined;
        const dir = leftovers(films).find((name) => name.startsWith(`.${filmId}.tmp-`) && name !== except);
        return dir && existsSync(join(films, dir, '720p', 'seg_00000.ts')) ? dir : undefined;
      },
      60_000,
      'a worker to be transcoding',
    );

  const first = await startWorkerProcess(env);
  const filmId = await insertFilm('killed-worker');
  const job = await new MediaService(queue).enqueue(orm.em.fork(), filmId, longClip, WATERMARK);
  const killedDir = await transcoding(filmId);
  const orphan = Number(await readFile(join(films, killedDir, '.ffmpeg.pid'), 'utf8'));
  first.kill('SIGKILL');
  await exited(first);
  expect(existsSync(join(films, String(filmId)))).toBe(false); // nothing published by the killed worker
  expect((await mediaRow(filmId)).status).toBe('processing');

  // Another worker finds the job stalled once the dead one's lock has expired, and starts over.
  const second = await startWorkerProcess(env);
  await transcoding(filmId, killedDir).catch((error: Error) => {
    throw new Error(`${error.message}\n--- second worker:\n${second.output()}`);
  });
  expect((await mediaRow(filmId)).attempts).toBe(2);
  expect(alive(orphan)).toBe(false); // the killed worker’s ffmpeg was stopped
  expect(leftovers(films)).not.toContain(killedDir); // the killed worker’s work dir is gone

  // SIGTERM mid-transcode: the worker stops ffmpeg, hands the job back unspent, and exits cleanly.
  const stopping = Date.now();
  second.kill('SIGTERM');
  await exited(second);
  // Graceful stop, with the worker's output shown if not.
  expect({ exitCode: second.exitCode, output: second.output() }).toMatchObject({ exitCode: 0 });
  expect(Date.now() - stopping).toBeLessThan(10_000); // stopped without waiting for the transcode
  const handedBack = await mediaRow(filmId);
  expect([handedBack.status, handedBack.attempts]).toStrictEqual(['queued', 1]);
  expect(await (await queue.queue.getJob(job.id!))?.getState()).toBe('waiting');
  expect(leftovers(films)).toStrictEqual([]); // the stopped worker cleaned its work dir

  const third = await startWorkerProcess(env);
  const started = Date.now();
  await eventually(
    async () => (await mediaRow(filmId)).status === 'ready',
    150_000,
    'the film to be ready',
  ).catch((error: Error) => {
    throw new Error(`${error.message}\n--- third worker:\n${third.output()}`);
  });
  console.log(`third worker: film ready ${Date.now() - started} ms after it started`);
  expect((await mediaRow(filmId)).attempts).toBe(2); // the killed run and the last one count; the stopped one not
  expect((await filmRow(filmId)).video_url).toBe(`/media/films/${filmId}/master.m3u8`);
  // Exactly one film, announced for review exactly once (by the run that finished).
  const { rows: sameTitle } = await pg.query(`select id from films where title = 'killed-worker'`);
  expect(sameTitle).toStrictEqual([{ id: filmId }]);
  const { rows: announced } = await pg.query(
    `select 1 from outbox where topic = 'catalog.film-status-changed.v1' and key = $1`,
    [String(filmId)],
  );
  expect(announced).toHaveLength(1);
  const published = await ffprobe(join(films, String(filmId), '720p', 'index.m3u8'));
  expect(Math.abs(Number(published.format.duration) - 30)).toBeLessThan(0.5);
  expect(leftovers(films)).toStrictEqual([]);
  third.kill('SIGTERM');
  await exited(third);
  expect({ exitCode: third.exitCode, output: third.output() }).toMatchObject({ exitCode: 0 });
}, 420_000);
