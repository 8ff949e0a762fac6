// The current user's saved-film counts (from social's events) and avatar upload (real ffmpeg).
import { create } from '@bufbuild/protobuf';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { eventually, startTestService, suffix, type TestService } from '@kinora/common/testing';
import { AVATAR_MAX_BYTES } from '@kinora/contracts';
import { ListCountsChangedSchema } from '@kinora/proto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';
import { ListCountsChangedHandler } from '../src/lists/list-counts-changed.handler';
import { UsersService } from '../src/users/users.service';

let service: TestService<Config>;
let sut: NestFastifyApplication;
let db: Client;
let mediaRoot: string;
let userId: string;

const me = async (id = userId) =>
  (await sut.inject({ method: 'GET', url: '/api/auth/user', headers: { 'x-user-id': id } })).json();

beforeAll(async () => {
  mediaRoot = mkdtempSync(join(tmpdir(), 'kinora-media-'));
  service = await startTestService({
    name: 'auth_profile',
    schema: DATABASE,
    configSchema,
    app: (config) => AppModule.forRoot(config as Config),
    partitions: 1,
    env: { MEDIA_ROOT: mediaRoot },
  });
  ({ api: sut, db } = service);
  userId = (await sut.get(UsersService).findOrRegister(`member-${suffix()}@example.com`)).id;
});

afterAll(async () => {
  await service?.close();
  rmSync(mediaRoot, { recursive: true, force: true });
});

describe('saved-film counts', () => {
  async function deliver(watchlistCount: number, favoritesCount: number, version: number) {
    const event = create(ListCountsChangedSchema, {
      userId,
      watchlistCount,
      favoritesCount,
      version: BigInt(version),
    });
    await sut
      .get(MikroORM)
      .em.fork()
      .transactional(() => sut.get(ListCountsChangedHandler).handle(event));
  }

  /** The stored counts, read from the database (GET /api/auth/user caches until notified). */
  const stored = async () =>
    (
      await db.query<{ watchlist_count: number; favorites_count: number }>(
        'select watchlist_count, favorites_count from users where id = $1',
        [userId],
      )
    ).rows[0];

  test('start at zero and follow the newest version; duplicates and late events change nothing', async () => {
    expect(await me()).toMatchObject({ watchlistCount: 0, favoritesCount: 0 });
    await deliver(1, 0, 1);
    await deliver(1, 0, 1);
    expect(await stored()).toEqual({ watchlist_count: 1, favorites_count: 0 });
    // Version 3 arrives before version 2: the later state wins and version 2 is ignored.
    await deliver(2, 1, 3);
    await deliver(2, 0, 2);
    expect(await stored()).toEqual({ watchlist_count: 2, favorites_count: 1 });
    await deliver(1, 0, 1);
    expect(await stored()).toEqual({ watchlist_count: 2, favorites_count: 1 });
    // The profile shows them once the change notification has reached the user cache.
    await eventually(
      async () => {
        const user = await me();
        return user.watchlistCount === 2 && user.favoritesCount === 1;
      },
      5_000,
      'the profile to show the newest counts',
    );
  });

  test('counts are not a profile change: no auth.user-updated.v1 is published for them', async () => {
    const { rows } = await db.query(
      `select 1 from outbox where key = $1 and topic = 'auth.user-updated.v1'`,
      [userId],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/auth/user/avatar', () => {
  const upload = (payload: Buffer | string, contentType: string, id: string | null = userId) =>
    sut.inject({
      method: 'POST',
      url: '/api/auth/user/avatar',
      headers: { 'content-type': contentType, ...(id ? { 'x-user-id': id } : {}) },
      payload,
    });
  const picture = (size: string, format = 'png') => {
    const file = join(mediaRoot, `fixture-${suffix()}.${format}`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}`,
      '-frames:v',
      '1',
      '-y',
      file,
    ]);
    const bytes = readFileSync(file);
    rmSync(file);
    return bytes;
  };
  const probe = (file: string) =>
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,width,height',
      '-of',
      'csv=p=0',
      file,
    ])
      .toString()
      .trim();

  test('a PNG becomes a 256×256 JPEG under MEDIA_ROOT/avatars, served from /media/avatars/', async () => {
    const response = await upload(picture('640x360'), 'image/png');
    expect(response.statusCode).toBe(200);
    const url = response.json().profileImageUrl as string;
    expect(url).toMatch(new RegExp(`^/media/avatars/${userId}-[0-9a-f]{16}\\.jpg$`));
    const file = join(mediaRoot, url.slice('/media/'.length));
    expect(probe(file)).toBe('mjpeg,256,256');
    expect((await me()).profileImageUrl).toBe(url);
    const { rows } = await db.query(
      `select 1 from outbox where key = $1 and topic = 'auth.user-updated.v1'`,
      [userId],
    );
    expect(rows).toHaveLength(1);

    // A second upload replaces the picture under a new name and removes the old file.
    const second = await upload(picture('200x900', 'jpg'), 'image/jpeg');
    expect(second.statusCode).toBe(200);
    const next = second.json().profileImageUrl as string;
    expect(next).not.toBe(url);
    expect(existsSync(file)).toBe(false);
    expect(probe(join(mediaRoot, next.slice('/media/'.length)))).toBe('mjpeg,256,256');
    expect(readdirSync(join(mediaRoot, 'avatars'))).toHaveLength(1);
  });

  test('a text file is refused with a 4xx naming the problem, whatever content type it claims', async () => {
    const before = (await me()).profileImageUrl;
    const claimed = await upload('just some text, not a picture', 'image/png');
    expect(claimed.statusCode).toBe(400);
    expect(claimed.json().message).toMatch(/not a PNG, JPEG, GIF, WebP image/);
    const plain = await upload('just some text', 'text/plain');
    expect(plain.statusCode).toBe(415);
    expect(plain.json().message).toMatch(/Send the avatar as an image body/);
    // A truncated PNG: the right signature, no picture.
    const truncated = await upload(picture('64x64').subarray(0, 40), 'image/png');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toMatch(/could not be read/);
    expect((await me()).profileImageUrl).toBe(before);
  });

  test('a few bytes declaring a huge, thin picture are refused at once, not worked on for seconds', async () => {
    // A GIF header declaring a 50,183 × 1 picture: covering a square with it first would be
    // 12.8 million × 256 pixels.
    const started = Date.now();
    const response = await upload(Buffer.from('47494638396107c401', 'hex'), 'image/gif');
    expect(response.statusCode).toBe(400);
    expect(Date.now() - started).toBeLessThan(5_000);
    // A real picture of that shape still becomes an avatar (its centred square).
    const thin = await upload(picture('4000x2'), 'image/png');
    expect(thin.statusCode).toBe(200);
  });

  test('an image larger than the limit is refused with a JSON 413', async () => {
    const response = await upload(Buffer.alloc(AVATAR_MAX_BYTES + 1, 1), 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().statusCode).toBe(413);
  });

  test('visitors get 401', async () => {
    const response = await upload(picture('64x64'), 'image/png', null);
    expect(response.statusCode).toBe(401);
    expect(response.json().statusCode).toBe(401);
  });
});
