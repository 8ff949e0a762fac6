/**
 * Resumable uploads (tus) over HTTP against the real catalog app (test/studio-harness.ts): resuming,
 * who may upload and see an upload, limits and expiry.
 */
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { UploadsService } from '../src/uploads/uploads.service';
import {
  ADA,
  app,
  as,
  b64,
  BO,
  call,
  MEMBER,
  patch,
  startUpload,
  TUS,
  upload,
  useCatalogApp,
} from './studio-harness';

useCatalogApp('uploads');

describe('resumable uploads', () => {
  test('an upload sent in two halves resumes where it stopped and completes', async () => {
    const bytes = app.clips.short;
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
    expect(readFileSync(join(app.roots.uploads, id)).equals(bytes)).toBe(true);
  });

  test('a connection cut mid-request keeps what arrived; the upload resumes from there', async () => {
    const bytes = Buffer.concat([app.clips.other, Buffer.alloc(512 * 1024)]);
    const location = await startUpload(ADA, bytes.length, 'cut.mp4');
    const sent = Math.floor(bytes.length / 2);
    await new Promise<void>((resolve) => {
      const { port } = new URL(app.base);
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

  test('only creators and admins may upload: 401 for visitors, 403 JSON for other members', async () => {
    const headers = { ...TUS, 'upload-length': '100' };
    const records = () => readdirSync(app.roots.uploads).filter((name) => name.endsWith('.json')).length;
    const before = records();
    const visitor = await call('POST', '/api/uploads', headers);
    expect(visitor.status).toBe(401);
    const member = await call('POST', '/api/uploads', { ...headers, ...as(MEMBER, '') });
    expect(member.status).toBe(403);
    expect(await member.json()).toMatchObject({
      statusCode: 403,
      message: 'Requires role: creator or admin',
    });
    const critic = await call('POST', '/api/uploads', { ...headers, ...as(MEMBER, 'critic') });
    expect(critic.status).toBe(403);
    expect(records()).toBe(before);
    // tus's own refusals are JSON like every other error.
    const bare = await call('POST', '/api/uploads', { ...as(ADA), 'upload-length': '100' });
    expect(bare.status).toBe(412);
    expect(bare.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await bare.json()).toStrictEqual({
      statusCode: 412,
      message: 'Tus-Resumable Required',
      error: 'Precondition Failed',
    });
  });

  test("another creator's upload does not exist for them (HEAD, PATCH, DELETE: 404)", async () => {
    const location = await startUpload(ADA, app.clips.short.length);
    expect((await call('HEAD', location, { ...as(BO), ...TUS })).status).toBe(404);
    expect((await patch(location, BO, 0, app.clips.short)).status).toBe(404);
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
    const uploads = app.sut.get(UploadsService);
    const partial = (await startUpload(ADA, 1000)).split('/').pop()!;
    const finished = await upload(ADA, app.clips.short);
    const fresh = await upload(ADA, app.clips.short);
    expect(await uploads.cleanUp()).toBe(0);

    const record = join(app.roots.uploads, `${partial}.json`);
    const info = JSON.parse(readFileSync(record, 'utf8')) as { creation_date: string };
    info.creation_date = new Date(Date.now() - 25 * 3600_000).toISOString();
    writeFileSync(record, JSON.stringify(info));
    const old = new Date(Date.now() - 25 * 3600_000);
    utimesSync(join(app.roots.uploads, finished), old, old);

    // The periodic clean-up (every second in this app) removes both.
    const gone = () =>
      !existsSync(join(app.roots.uploads, partial)) && !existsSync(join(app.roots.uploads, finished));
    for (let i = 0; i < 50 && !gone(); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(existsSync(join(app.roots.uploads, partial))).toBe(false);
    expect(existsSync(record)).toBe(false);
    expect(existsSync(join(app.roots.uploads, finished))).toBe(false);
    expect(existsSync(join(app.roots.uploads, fresh))).toBe(true);
    expect((await call('HEAD', `/api/uploads/${partial}`, { ...as(ADA), ...TUS })).status).toBe(404);
    expect(await uploads.cleanUp()).toBe(0);
  });
});
