import { fromBinary } from '@bufbuild/protobuf';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, migrate } from '@kinora/common';
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
import { AdminActionTakenSchema, CreatorStandingChangedSchema } from '@kinora/proto';
import { tmpdir } from 'node:os';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';
import type { FilmDto } from '../src/films/film.mapper';

let database: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let sut: NestFastifyApplication;
let db: Client;

const ADA = '11111111-1111-4111-8111-111111111111';
const BO = '22222222-2222-4222-8222-222222222222';
const ADMIN_ID = '33333333-3333-4333-8333-333333333333';
const ADMIN = { 'x-user-id': ADMIN_ID, 'x-user-roles': 'admin' };
const MEMBER = { 'x-user-id': '44444444-4444-4444-8444-444444444444' };
const CREATOR = { 'x-user-id': BO, 'x-user-roles': 'creator' };
let ada: number;
let bo: number;
let film: number;

beforeAll(async () => {
  [database, kafka] = await Promise.all([createTestDatabase('catalog_admin_creators'), createTestKafka(1)]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const env = serviceEnv({
    port: 1,
    database,
    kafka,
    redis,
    extra: { LOG_LEVEL: 'silent', MEDIA_ROOT: tmpdir() },
  });
  sut = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env)));
  db = new Client({ connectionString: database.url });
  await db.connect();
  await db.query(
    `insert into known_users (id, email, first_name, last_name, registered_at) values
       ($1, 'ada@example.com', 'Ada', 'Vale', now()), ($2, 'bo@example.com', 'Bo', 'Reyes', now())`,
    [ADA, BO],
  );
  [ada, bo] = (
    await db.query<{ id: number }>(
      `insert into creators (user_id, bio, follower_count) values ($1, 'Fractal worlds.', 1200), ($2, 'Automata.', 3)
       returning id`,
      [ADA, BO],
    )
  ).rows.map((row) => row.id) as [number, number];
  const films = await db.query<{ id: number }>(
    `insert into films (title, description, genre, language, duration_minutes, release_year, creator_id, status,
       published_at, is_featured, video_url, poster_url)
     values ('Nebula Dreams', 'Gas clouds.', 'Sci-Fi', 'English', 12, 2024, $1, 'published', now(), true, '/v', '/p'),
            ('Quiet Harbor', 'A town.', 'Drama', 'English', 12, 2024, $1, 'published', now(), false, '/v', '/p'),
            ('Unfinished Orbit', 'Pending.', 'Sci-Fi', 'English', 12, 2024, $1, 'pending', null, false, '/v', '/p'),
            ('Laughing Machines', 'Robots.', 'Comedy', 'English', 12, 2024, $2, 'published', now(), false, '/v', '/p')
     returning id`,
    [ada, bo],
  );
  film = films.rows[0]!.id;
  await db.query(
    `insert into film_views (film_id, session_id, viewer_key, viewed_at) values ($1, gen_random_uuid(), 'viewer', now())`,
    [film],
  );
});

afterAll(async () => {
  await db?.end();
  await sut?.close();
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const send = (method: Method, url: string, headers: Record<string, string> = {}, payload?: object) =>
  sut.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const titles = (films: FilmDto[]) => films.map((one) => one.title);

function expectError(response: Awaited<ReturnType<typeof send>>, status: number, message?: RegExp) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ statusCode: status });
  if (message) expect(response.json().message).toMatch(message);
}

/** The outbox rows of a topic, decoded, oldest first. */
async function outbox<T>(
  topic: string,
  decode: (payload: Buffer) => T,
): Promise<{ key: string; event: T }[]> {
  const { rows } = await db.query<{ key: string; payload: Buffer }>(
    `select key, payload from outbox where topic = $1 order by position`,
    [topic],
  );
  return rows.map((row) => ({ key: row.key, event: decode(row.payload) }));
}
const standingEvents = () =>
  outbox('catalog.creator-standing-changed.v1', (payload) =>
    fromBinary(CreatorStandingChangedSchema, payload),
  );
const auditEntries = () =>
  outbox('admin.admin-action-taken.v1', (payload) => fromBinary(AdminActionTakenSchema, payload));

/** What the public sees of Ada's films: list, search, creators list and profile, film page, trending. */
async function publicView() {
  const list = titles((await send('GET', '/api/films')).json());
  const featured = titles((await send('GET', '/api/films?featured=true&sort=featured')).json());
  const search = titles((await send('GET', '/api/films/search?q=nebula', MEMBER)).json());
  const trending = titles((await send('GET', '/api/films/trending')).json());
  const creators = (await send('GET', '/api/creators')).json().map((c: { id: number }) => c.id);
  return {
    list,
    featured,
    search,
    trending,
    creators,
    filmPage: (await send('GET', `/api/films/${film}`)).statusCode,
    filmPageForMember: (await send('GET', `/api/films/${film}`, MEMBER)).statusCode,
    profile: (await send('GET', `/api/creators/${ada}`)).statusCode,
    byCreator: titles((await send('GET', `/api/films?creatorId=${ada}`)).json()),
  };
}

describe('who may call', () => {
  test.each([
    ['GET', '/api/admin/creators'],
    ['PUT', '/api/admin/creators/1/verification'],
    ['DELETE', '/api/admin/creators/1/verification'],
    ['POST', '/api/admin/creators/1/suspension'],
    ['DELETE', '/api/admin/creators/1/suspension'],
  ] as [Method, string][])('%s %s: 401 for visitors, 403 for members and creators', async (method, url) => {
    const payload = method === 'POST' ? { reason: 'spam' } : undefined;
    expectError(await send(method, url, {}, payload), 401);
    expectError(await send(method, url, MEMBER, payload), 403);
    expectError(await send(method, url, CREATOR, payload), 403);
  });
});

describe('the list', () => {
  test('every creator with their published films, followers and standing; filters and search', async () => {
    const all = (await send('GET', '/api/admin/creators', ADMIN)).json();
    expect(all.map((c: { id: number }) => c.id)).toStrictEqual([bo, ada]);
    expect(all[1]).toMatchObject({
      id: ada,
      userId: ADA,
      user: { firstName: 'Ada', lastName: 'Vale', email: 'ada@example.com' },
      isVerified: false,
      isSuspended: false,
      suspendedAt: null,
      suspensionReason: null,
      _count: { films: 2, followers: 1200 },
    });
    const ids = async (query: string) =>
      (await send('GET', `/api/admin/creators?${query}`, ADMIN)).json().map((c: { id: number }) => c.id);
    expect(await ids('q=VALE')).toStrictEqual([ada]);
    expect(await ids('q=bo@example')).toStrictEqual([bo]);
    expect(await ids('q=%25')).toStrictEqual([]);
    expect(await ids('q=&verified=&suspended=')).toStrictEqual([bo, ada]);
    expect(await ids('verified=true')).toStrictEqual([]);
    expect(await ids('suspended=false&limit=1&offset=1')).toStrictEqual([ada]);
  });

  test('bad query values and ids are a 400 naming the problem', async () => {
    expectError(
      await send('GET', '/api/admin/creators?verified=yes', ADMIN),
      400,
      /verified must be true or false/,
    );
    expectError(
      await send('GET', '/api/admin/creators?suspended=1', ADMIN),
      400,
      /suspended must be true or false/,
    );
    expectError(await send('GET', '/api/admin/creators?limit=0', ADMIN), 400, /limit/);
    expectError(
      await send('GET', `/api/admin/creators?q=${'x'.repeat(101)}`, ADMIN),
      400,
      /q must be at most 100/,
    );
    expectError(
      await send('PUT', '/api/admin/creators/abc/verification', ADMIN),
      400,
      /id must be a positive integer/,
    );
    expectError(
      await send('POST', '/api/admin/creators/0/suspension', ADMIN, { reason: 'x' }),
      400,
      /id must be/,
    );
    expectError(await send('PUT', '/api/admin/creators/999999/verification', ADMIN), 404, /not found/);
    expectError(
      await send('POST', `/api/admin/creators/${ada}/suspension`, ADMIN, {}),
      400,
      /reason is required/,
    );
    expectError(
      await send('POST', `/api/admin/creators/${ada}/suspension`, ADMIN, { reason: '  ' }),
      400,
      /reason is required/,
    );
    expectError(
      await send('POST', `/api/admin/creators/${ada}/suspension`, ADMIN, { reason: 'x'.repeat(1001) }),
      400,
      /reason must be at most 1000 characters/,
    );
  });
});

describe('verification', () => {
  test('the tick shows on the profile, the lists and the films, goes out as an event and into the audit log', async () => {
    const verified = await send('PUT', `/api/admin/creators/${ada}/verification`, ADMIN);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: ada, isVerified: true });
    // Again: nothing changes, nothing is announced or logged.
    expect((await send('PUT', `/api/admin/creators/${ada}/verification`, ADMIN)).json().isVerified).toBe(
      true,
    );

    expect((await send('GET', `/api/creators/${ada}`)).json().isVerified).toBe(true);
    expect((await send('GET', `/api/films/${film}`)).json().creator.isVerified).toBe(true);
    expect((await send('GET', '/api/creators')).json()[0]).toMatchObject({ id: ada, isVerified: true });

    expect((await standingEvents()).map(({ key, event }) => ({ key, ...pick(event) }))).toStrictEqual([
      {
        key: String(ada),
        creatorId: BigInt(ada),
        userId: ADA,
        isVerified: true,
        isSuspended: false,
        version: 1n,
      },
    ]);
    const [entry] = await auditEntries();
    expect(entry).toMatchObject({
      key: `creator:${ada}`,
      event: {
        actorUserId: ADMIN_ID,
        action: 'creator.verified',
        targetType: 'creator',
        targetId: String(ada),
        targetLabel: 'Ada Vale',
      },
    });

    const unverified = await send('DELETE', `/api/admin/creators/${ada}/verification`, ADMIN);
    expect(unverified.json().isVerified).toBe(false);
    expect((await send('GET', `/api/films/${film}`)).json().creator.isVerified).toBe(false);
    expect((await standingEvents()).map(({ event }) => [event.isVerified, event.version])).toStrictEqual([
      [true, 1n],
      [false, 2n],
    ]);
    expect((await auditEntries()).map(({ event }) => event.action)).toStrictEqual([
      'creator.verified',
      'creator.unverified',
    ]);
  });
});

describe('suspension', () => {
  test("hides the creator's films and profile from every public read, and brings them back unchanged", async () => {
    const before = await publicView();
    expect(before).toMatchObject({
      filmPage: 200,
      profile: 200,
      search: ['Nebula Dreams'],
      trending: ['Nebula Dreams'],
    });
    expect(before.list).toContain('Quiet Harbor');
    expect(before.creators).toContain(ada);
    const audited = (await auditEntries()).length;

    const suspended = await send('POST', `/api/admin/creators/${ada}/suspension`, ADMIN, {
      reason: '  Stolen footage.  ',
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({
      isSuspended: true,
      suspensionReason: 'Stolen footage.',
      _count: { films: 2 },
    });
    expect(suspended.json().suspendedAt).toEqual(expect.any(String));
    expectError(
      await send('POST', `/api/admin/creators/${ada}/suspension`, ADMIN, { reason: 'again' }),
      409,
      /already suspended/,
    );

    expect(await publicView()).toStrictEqual({
      list: ['Laughing Machines'],
      featured: [],
      search: [],
      trending: [],
      creators: [bo],
      filmPage: 404,
      filmPageForMember: 404,
      profile: 404,
      byCreator: [],
    });
    // The creator keeps their own page and films, admins see everything.
    const own = { 'x-user-id': ADA, 'x-user-roles': 'creator' };
    expect((await send('GET', `/api/films/${film}`, own)).statusCode).toBe(200);
    expect(titles((await send('GET', `/api/creators/${ada}`, own)).json().films)).toContain('Nebula Dreams');
    expect((await send('GET', `/api/films/${film}`, ADMIN)).statusCode).toBe(200);
    expect(
      (await send('GET', '/api/admin/creators?suspended=true', ADMIN))
        .json()
        .map((c: { id: number }) => c.id),
    ).toStrictEqual([ada]);

    const lifted = await send('DELETE', `/api/admin/creators/${ada}/suspension`, ADMIN);
    expect(lifted.json()).toMatchObject({ isSuspended: false, suspendedAt: null, suspensionReason: null });
    expect((await send('DELETE', `/api/admin/creators/${ada}/suspension`, ADMIN)).statusCode).toBe(200);
    expect(await publicView()).toStrictEqual(before);

    const standing = (await standingEvents())
      .slice(-2)
      .map(({ event }) => [event.isSuspended, event.version]);
    expect(standing).toStrictEqual([
      [true, 3n],
      [false, 4n],
    ]);
    const entries = (await auditEntries()).slice(audited);
    expect(entries.map(({ event }) => [event.action, event.reason, event.targetLabel])).toStrictEqual([
      ['creator.suspended', 'Stolen footage.', 'Ada Vale'],
      ['creator.unsuspended', '', 'Ada Vale'],
    ]);
  });
});

function pick(event: {
  creatorId: bigint;
  userId: string;
  isVerified: boolean;
  isSuspended: boolean;
  version: bigint;
}) {
  const { creatorId, userId, isVerified, isSuspended, version } = event;
  return { creatorId, userId, isVerified, isSuspended, version };
}
