/**
 * Ad creatives from an admin's finished upload (src/ad-creatives), over HTTP against the real
 * catalog app (test/studio-harness.ts), transcoded by a real catalog-worker beside it: who may,
 * what is refused (and left untouched), and the published HLS with the creative.json the ads
 * service's picker reads.
 */
import { loadConfig, type JobQueue } from '@kinora/common';
import { createTestContext, eventually } from '@kinora/common/testing';
import type { INestApplicationContext } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CreativeUploadDto } from '../src/ad-creatives/dto/creative-upload.dto';
import { workerConfigSchema } from '../src/media/media.config';
import { MEDIA, type MediaJobs } from '../src/media/media.queue';
import { creativeJobId } from '../src/media/media.service';
import { WorkerAppModule } from '../src/worker.module';
import { ADA, ADMIN, app, as, call, MEMBER, startUpload, upload, useCatalogApp } from './studio-harness';

useCatalogApp('creatives');

const asAdmin = as(ADMIN, 'admin');
const uploadAsAdmin = (bytes: Buffer, filename = 'spot.mp4') => upload(ADMIN, bytes, filename, 'admin');
const create = (body: object, headers = asAdmin) => call('POST', '/api/creative-uploads', headers, body);
const status = async (id: number) =>
  (await (await call('GET', `/api/creative-uploads/${id}`, asAdmin)).json()) as CreativeUploadDto;
const creativeRows = async () => (await app.db.query('select id from creative_media')).rows.length;

describe('ad creatives from uploads', () => {
  let worker: INestApplicationContext | undefined;
  afterAll(() => worker?.close());

  test('a finished upload becomes an HLS creative with its creative.json, without watermark or poster', async () => {
    const uploadId = await uploadAsAdmin(app.clips.short, 'Spring Sale.mp4');
    const response = await create({ uploadId, label: '  Spring Sale  ' });
    expect(response.status).toBe(202);
    const queued = (await response.json()) as CreativeUploadDto;
    expect(queued).toEqual({
      id: expect.any(Number),
      label: 'Spring Sale',
      status: 'queued',
      progress: 0,
      failureReason: null,
      videoUrl: null,
      duration: null,
    });
    const source = join(app.roots.sources, 'creatives', String(queued.id), 'source.mp4');
    expect(readFileSync(source).equals(app.clips.short)).toBe(true);
    expect(existsSync(join(app.roots.uploads, uploadId))).toBe(false);
    const job = await app.sut.get<JobQueue<MediaJobs>>(MEDIA).queue.getJob(creativeJobId(queued.id));
    expect((job!.data as { payload: MediaJobs['creative'] }).payload).toEqual({
      creativeId: queued.id,
      sourcePath: source,
    });
    // The upload is used up: it cannot become a second creative.
    expect((await create({ uploadId, label: 'Again' })).status).toBe(404);

    worker = await createTestContext(WorkerAppModule.forRoot(loadConfig(workerConfigSchema, app.env)));
    await eventually(async () => (await status(queued.id)).status === 'ready', 90_000, 'creative ready');
    const ready = await status(queued.id);
    expect(ready).toMatchObject({
      status: 'ready',
      progress: 100,
      failureReason: null,
      videoUrl: `/media/ads/upload-${queued.id}/master.m3u8`,
    });
    expect(ready.duration).toBeCloseTo(2, 0);

    const dir = join(app.roots.media, 'ads', `upload-${queued.id}`);
    const facts = JSON.parse(readFileSync(join(dir, 'creative.json'), 'utf8')) as object;
    expect(facts).toEqual({ label: 'Spring Sale', duration: ready.duration });
    const master = readFileSync(join(dir, 'master.m3u8'), 'utf8');
    expect(master).toMatch(/#EXT-X-STREAM-INF:.*RESOLUTION=160x120/);
    expect(readdirSync(dir).sort()).toEqual(['120p', 'creative.json', 'master.m3u8']);
    // Published with a rename: no work directory left beside it.
    expect(readdirSync(join(app.roots.media, 'ads')).filter((name) => name.startsWith('.'))).toEqual([]);
  }, 150_000);

  test('only admins make creatives or read their status', async () => {
    const uploadId = await uploadAsAdmin(app.clips.short);
    expect((await create({ uploadId, label: 'Spot' }, {} as typeof asAdmin)).status).toBe(401);
    expect((await create({ uploadId, label: 'Spot' }, as(ADA))).status).toBe(403);
    expect((await create({ uploadId, label: 'Spot' }, as(MEMBER, 'member'))).status).toBe(403);
    expect((await call('GET', '/api/creative-uploads/1', as(MEMBER, 'member'))).status).toBe(403);
    // A creator's upload is not the admin's: it does not exist for them.
    const creators = await upload(ADA, app.clips.short);
    const foreign = await create({ uploadId: creators, label: 'Spot' });
    expect(foreign.status).toBe(404);
    expect(existsSync(join(app.roots.uploads, creators))).toBe(true);
  });

  test('bad bodies and ids are named in a 400; unusable uploads are refused and left as they were', async () => {
    const rows = await creativeRows();
    const cases: [object, RegExp][] = [
      [{}, /uploadId must be an upload id/],
      [{ uploadId: '../etc/passwd', label: 'Spot' }, /uploadId must be an upload id/],
      [{ uploadId: 'abc', label: '   ' }, /label must be longer than or equal to 1 characters/],
      [{ uploadId: 'abc', label: 'x'.repeat(101) }, /label must be shorter than or equal to 100 characters/],
      [{ uploadId: 'abc', label: 7 }, /label must be a string/],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    expect((await call('GET', '/api/creative-uploads/abc', asAdmin)).status).toBe(400);
    expect((await call('GET', '/api/creative-uploads/999999', asAdmin)).status).toBe(404);

    const unfinished = (await startUpload(ADMIN, 5000, 'spot.mp4', 'admin')).split('/').pop()!;
    const early = await create({ uploadId: unfinished, label: 'Spot' });
    expect(early.status).toBe(409);

    const text = await uploadAsAdmin(app.clips.text, 'notes.mp4');
    const notVideo = await create({ uploadId: text, label: 'Spot' });
    expect(notVideo.status).toBe(422);
    expect(((await notVideo.json()) as { message: string }).message).toMatch(/^This file cannot be used: /);
    expect(existsSync(join(app.roots.uploads, text))).toBe(true);

    // A creative is at most 120 s (a film here at most 4 s: the creative's own limit applies).
    const longPath = join(app.roots.uploads, '..', 'long-spot.mp4');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=1:duration=125'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', longPath],
    ]);
    const long = await uploadAsAdmin(readFileSync(longPath));
    const tooLong = await create({ uploadId: long, label: 'Spot' });
    expect(tooLong.status).toBe(422);
    expect(((await tooLong.json()) as { message: string }).message).toBe(
      'This video is too long: 2 min 5 s (the limit is 2 min)',
    );
    expect(existsSync(join(app.roots.uploads, long))).toBe(true);
    expect(await creativeRows()).toBe(rows);
  }, 60_000);
});
