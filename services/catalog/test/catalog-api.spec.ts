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
  assertUrlInputsNeverFail,
  injectSender,
  openApiDocument,
} from '@kinora/common/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const OWNER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const ADMIN = { 'x-user-id': '33333333-3333-4333-8333-333333333333', 'x-user-roles': 'admin' };
const ids: Record<string, number> = {};

beforeAll(async () => {
  [database, kafka] = await Promise.all([createTestDatabase('catalog_api'), createTestKafka(1)]);
  redis = await createTestRedis();
  await migrate({ url: database.url, ...DATABASE });
  const env = serviceEnv({
    port: 1,
    database,
    kafka,
    redis,
    extra: {
      LOG_LEVEL: 'silent',
      MEDIA_ROOT: tmpdir(),
      UPLOAD_ROOT: join(tmpdir(), 'kinora-catalog-api-uploads'),
    },
  });
  sut = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env)));
  db = new Client({ connectionString: database.url });
  await db.connect();

  await db.query(
    `insert into known_users (id, email, first_name, last_name, registered_at) values
    ($1, 'ada@example.com', 'Ada', 'Vale', now()), ($2, 'bo@example.com', 'Bo', 'Reyes', now())`,
    [OWNER, OTHER],
  );
  const creators = await db.query<{ id: number }>(
    `insert into creators (user_id, bio, is_verified, follower_count) values
       ($1, 'Fractal worlds.', true, 1200), ($2, 'Cellular automata.', false, 3) returning id`,
    [OWNER, OTHER],
  );
  const [ada, bo] = creators.rows.map((row) => row.id);
  const films: [string, string, string, string, string, number, number, string, boolean, number, string][] = [
    // key, title, description, genre, language, views, rating_count, rating, featured, creator, status
    [
      'nebula',
      'Nebula Dreams',
      'Gas clouds at the edge of vision.',
      'Sci-Fi',
      'English',
      50,
      3,
      '8.6',
      true,
      ada!,
      'published',
    ],
    [
      'mention',
      'Quiet Harbor',
      'A nebula seen from a fishing town.',
      'Drama',
      'English',
      400,
      2,
      '7.2',
      false,
      ada!,
      'published',
    ],
    [
      'laugh',
      'Laughing Machines',
      'Robots tell jokes.',
      'Comedy',
      'Spanish',
      10,
      1,
      '9.1',
      false,
      bo!,
      'published',
    ],
    [
      'cells',
      'Cellular Sonata',
      'Rule 110 as music.',
      'Documentary',
      'French',
      90,
      0,
      '0.0',
      true,
      bo!,
      'published',
    ],
    [
      'pending',
      'Unfinished Orbit',
      'Awaiting review.',
      'Sci-Fi',
      'English',
      0,
      0,
      '0.0',
      false,
      ada!,
      'pending',
    ],
    ['archived', 'Retired Comet', 'Rejected.', 'Sci-Fi', 'English', 0, 0, '0.0', false, ada!, 'archived'],
  ];
  let day = 1;
  for (const [
    key,
    title,
    description,
    genre,
    language,
    views,
    ratingCount,
    rating,
    featured,
    creator,
    status,
  ] of films) {
    const { rows } = await db.query<{ id: number }>(
      `insert into films (title, description, genre, language, duration_minutes, release_year, rating, rating_count,
         view_count, is_featured, creator_id, status, published_at, video_url, poster_url)
       values ($1, $2, $3, $4, 12, 2024, $5, $6, $7, $8, $9, $10,
               case when $10 = 'published' then now() - ($11 || ' days')::interval end,
               '/media/films/x/master.m3u8', '/media/films/x/poster.jpg') returning id`,
      [
        title,
        description,
        genre,
        language,
        rating,
        ratingCount,
        views,
        featured,
        creator,
        status,
        String(day++),
      ],
    );
    ids[key] = rows[0]!.id;
  }
  // One film transcoded with WebP poster variants (stored unordered); the others before there were any.
  await db.query(`update films set poster_webp_widths = '{480,160,240}' where id = $1`, [ids.nebula]);
  ids.ada = ada!;
  ids.bo = bo!;
});

afterAll(async () => {
  await db?.end();
  await sut?.close();
  await Promise.allSettled([database?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

const get = (url: string, headers: Record<string, string> = {}) =>
  sut.inject({ method: 'GET', url, headers });
const titles = (films: FilmDto[]) => films.map((film) => film.title);

function assertError(response: Awaited<ReturnType<typeof get>>, status: number, message?: RegExp) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(body.statusCode).toBe(status);
  if (message) expect(body.message).toMatch(message);
}

describe('film ids and lookups', () => {
  test('ids 0, -1, abc, 2^40, 1.5 and 012 get a JSON 400; an unknown film 404', async () => {
    for (const id of ['0', '-1', 'abc', String(2 ** 40), '1.5', '012', '1e3']) {
      assertError(await get(`/api/films/${id}`), 400, /id must be a positive integer/);
      assertError(await sut.inject({ method: 'POST', url: `/api/films/${id}/view` }), 400);
      assertError(await get(`/api/creators/${id}`), 400);
    }
    assertError(await get('/api/films/999999'), 404, /not found/);
    assertError(await get('/api/creators/999999'), 404, /not found/);
  });

  test('a film has every field of docs/catalog.md with its creator', async () => {
    const response = await get(`/api/films/${ids.nebula}`);
    expect(response.statusCode).toBe(200);
    const film = response.json() as FilmDto;
    expect(Object.keys(film).sort()).toStrictEqual(
      [
        'aiDisclosure',
        'captions',
        'createdAt',
        'creator',
        'description',
        'duration',
        'genre',
        'id',
        'isFeatured',
        'language',
        'posterSources',
        'posterUrl',
        'publishedAt',
        'rating',
        'releaseYear',
        'reviewCount',
        'status',
        'title',
        'videoUrl',
        'viewCount',
      ].sort(),
    );
    expect(film.rating).toBe('8.6');
    expect(film.duration).toBe(12);
    expect(film.creator.user).toStrictEqual({ firstName: 'Ada', lastName: 'Vale', profileImageUrl: null });
    expect(film.creator.isVerified).toBe(true);
    expect(film.aiDisclosure).toBeNull();
    expect(film.captions).toStrictEqual([]);
    expect(film.posterUrl).toBe('/media/films/x/poster.jpg');
    expect(film.posterSources).toStrictEqual(
      [160, 240, 480].map((width) => ({
        url: `/media/films/x/poster-${width}.webp`,
        width,
        height: width * 1.5,
        type: 'image/webp',
      })),
    );
  });

  test('a film transcoded before the WebP poster variants lists none: its posterUrl stands alone', async () => {
    const film = (await get(`/api/films/${ids.laugh}`)).json() as FilmDto;
    expect(film.posterUrl).toBe('/media/films/x/poster.jpg');
    expect(film.posterSources).toStrictEqual([]);
    const listed = ((await get('/api/films?limit=100')).json() as FilmDto[]).map((f) => [
      f.id,
      f.posterSources.length,
    ]);
    expect(listed).toContainEqual([ids.nebula, 3]);
    expect(listed).toContainEqual([ids.laugh, 0]);
  });
});

describe('listing', () => {
  test('limit defaults to 50, is bounded 1..100, and offset pages', async () => {
    expect((await get('/api/films')).json().length).toBe(4);
    for (const limit of ['0', '101', 'x', '-3']) {
      assertError(await get(`/api/films?limit=${limit}`), 400, /limit must be an integer between 1 and 100/);
    }
    expect((await get('/api/films?limit=2')).json().length).toBe(2);
    const all = titles((await get('/api/films?sort=newest')).json());
    expect(titles((await get('/api/films?sort=newest&limit=2&offset=2')).json())).toStrictEqual(
      all.slice(2, 4),
    );
    assertError(await get('/api/films?offset=-1'), 400, /offset/);
  });

  test('every sort order holds', async () => {
    expect(titles((await get('/api/films?sort=popular')).json())).toStrictEqual([
      'Quiet Harbor',
      'Cellular Sonata',
      'Nebula Dreams',
      'Laughing Machines',
    ]);
    expect(titles((await get('/api/films?sort=rating')).json())).toStrictEqual([
      'Laughing Machines',
      'Nebula Dreams',
      'Quiet Harbor',
      'Cellular Sonata',
    ]);
    // Published one day apart, Nebula Dreams most recently.
    expect(titles((await get('/api/films?sort=newest')).json())).toStrictEqual([
      'Nebula Dreams',
      'Quiet Harbor',
      'Laughing Machines',
      'Cellular Sonata',
    ]);
    expect(titles((await get('/api/films')).json())).toStrictEqual([
      'Nebula Dreams',
      'Cellular Sonata',
      'Quiet Harbor',
      'Laughing Machines',
    ]);
    assertError(
      await get('/api/films?sort=random'),
      400,
      /sort must be one of featured, newest, popular, rating/,
    );
  });

  test('filters: genre, language, featured, creator, excluded film; blank values are ignored', async () => {
    expect(titles((await get('/api/films?genre=sci-fi')).json())).toStrictEqual(['Nebula Dreams']);
    expect(titles((await get('/api/films?language=Spanish')).json())).toStrictEqual(['Laughing Machines']);
    expect(titles((await get('/api/films?featured=true&sort=newest')).json())).toStrictEqual([
      'Nebula Dreams',
      'Cellular Sonata',
    ]);
    expect(titles((await get(`/api/films?creatorId=${ids.bo}&sort=newest`)).json())).toStrictEqual([
      'Laughing Machines',
      'Cellular Sonata',
    ]);
    expect(titles((await get(`/api/films?genre=Drama&excludeId=${ids.mention}`)).json())).toStrictEqual([]);
    expect((await get('/api/films?genre=&featured=true&limit=50')).json().length).toBe(2);
    assertError(await get('/api/films?featured=yes'), 400, /featured must be true or false/);
    assertError(await get('/api/films?creatorId=abc'), 400, /creatorId must be a positive integer/);
  });
});

describe('films by ids', () => {
  const byIds = (list: (number | string)[], headers: Record<string, string> = {}) =>
    get(`/api/films?ids=${list.join(',')}`, headers);

  test('answers the films in the order the ids were given, duplicates dropped', async () => {
    const response = await byIds([ids.laugh!, ids.nebula!, ids.cells!]);
    expect(response.statusCode).toBe(200);
    expect(titles(response.json())).toStrictEqual(['Laughing Machines', 'Nebula Dreams', 'Cellular Sonata']);
    // Not the list's sort: the reverse order is answered reversed.
    expect(titles((await byIds([ids.cells!, ids.nebula!, ids.laugh!])).json())).toStrictEqual([
      'Cellular Sonata',
      'Nebula Dreams',
      'Laughing Machines',
    ]);
    expect(titles((await byIds([ids.nebula!, ids.laugh!, ids.nebula!, ids.laugh!])).json())).toStrictEqual([
      'Nebula Dreams',
      'Laughing Machines',
    ]);
    // The same cards as the list's.
    const listed = (await get('/api/films?limit=100')).json() as FilmDto[];
    expect((await byIds([ids.mention!])).json()).toStrictEqual(listed.filter((f) => f.id === ids.mention));
    // Encoded commas are the same list.
    expect(titles((await get(`/api/films?ids=${ids.laugh}%2C${ids.nebula}`)).json())).toStrictEqual([
      'Laughing Machines',
      'Nebula Dreams',
    ]);
  });

  test('leaves out unpublished and unknown films, as the list does; a creator and admins see theirs', async () => {
    const asked = [ids.pending!, ids.mention!, 999_999, ids.archived!, ids.nebula!];
    expect(titles((await byIds(asked)).json())).toStrictEqual(['Quiet Harbor', 'Nebula Dreams']);
    expect((await byIds([ids.pending!, 999_999])).json()).toStrictEqual([]);
    // Members without a role see what the public sees.
    expect(titles((await byIds(asked, { 'x-user-id': OTHER })).json())).toStrictEqual([
      'Quiet Harbor',
      'Nebula Dreams',
    ]);
    const owner = { 'x-user-id': OWNER, 'x-user-roles': 'creator' };
    expect(titles((await byIds(asked, owner)).json())).toStrictEqual([
      'Unfinished Orbit',
      'Quiet Harbor',
      'Retired Comet',
      'Nebula Dreams',
    ]);
    expect(titles((await byIds(asked, ADMIN)).json())).toStrictEqual([
      'Unfinished Orbit',
      'Quiet Harbor',
      'Retired Comet',
      'Nebula Dreams',
    ]);
  });

  test("a suspended creator's films are left out", async () => {
    // Asked by another creator: a creator's reads bypass the cache, so the change shows at once.
    const creator = { 'x-user-id': OWNER, 'x-user-roles': 'creator' };
    const asked = [ids.laugh!, ids.nebula!, ids.cells!];
    await db.query('update creators set suspended_at = now() where id = $1', [ids.bo]);
    try {
      expect(titles((await byIds(asked, creator)).json())).toStrictEqual(['Nebula Dreams']);
    } finally {
      await db.query('update creators set suspended_at = null where id = $1', [ids.bo]);
    }
    expect(titles((await byIds(asked, creator)).json())).toStrictEqual([
      'Laughing Machines',
      'Nebula Dreams',
      'Cellular Sonata',
    ]);
  });

  test('takes 1 to 50 plain positive integers, comma-separated; anything else is a JSON 400 naming ids', async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => 1_000_000 + i);
    expect((await byIds(fifty)).statusCode).toBe(200);
    expect((await byIds([...fifty, ids.nebula!])).statusCode).toBe(400);
    const bad = [
      'ids=abc',
      'ids=0',
      'ids=-1',
      'ids=012',
      'ids=1.5',
      'ids=1e3',
      'ids=%2B1',
      'ids=2147483648',
      `ids=${ids.nebula},abc`,
      `ids=${ids.nebula},`,
      `ids=,${ids.nebula}`,
      `ids=${ids.nebula},,${ids.laugh}`,
      `ids=${ids.nebula},%20${ids.laugh}`,
      `ids=${[...fifty, ids.nebula].join(',')}`,
      'ids=',
      'ids=%20',
      `ids=${ids.nebula}&ids=${ids.laugh}`,
    ];
    for (const query of bad) {
      assertError(
        await get(`/api/films?${query}`),
        400,
        /^ids must be a comma-separated list of 1 to 50 positive integers$/,
      );
    }
  });

  test('stands alone: any other list parameter beside it is a 400 naming them; blank ones are not given', async () => {
    assertError(
      await get(`/api/films?ids=${ids.nebula}&sort=newest&limit=2`),
      400,
      /^ids cannot be combined with sort, limit$/,
    );
    for (const other of ['genre=Drama', 'featured=true', `creatorId=${ids.ada}`, 'offset=0', 'excludeId=1']) {
      assertError(await get(`/api/films?ids=${ids.nebula}&${other}`), 400, /ids cannot be combined with/);
    }
    expect(titles((await get(`/api/films?genre=&ids=${ids.nebula}&sort=`)).json())).toStrictEqual([
      'Nebula Dreams',
    ]);
  });
});

describe('visibility', () => {
  test('pending and archived films stay hidden from the public everywhere', async () => {
    const publicTitles = titles((await get('/api/films?limit=100')).json());
    expect(publicTitles).not.toContain('Unfinished Orbit');
    expect(publicTitles).not.toContain('Retired Comet');
    assertError(await get(`/api/films/${ids.pending}`), 404);
    assertError(await get(`/api/films/${ids.archived}`), 404);
    expect(titles((await get('/api/films/search?q=orbit')).json())).toStrictEqual([]);
    assertError(await sut.inject({ method: 'POST', url: `/api/films/${ids.pending}/view` }), 404);
    const profile = (await get(`/api/creators/${ids.ada}`)).json();
    expect(titles(profile.films)).not.toContain('Unfinished Orbit');
    // Another signed-in member sees no more than the public.
    assertError(
      await get(`/api/films/${ids.pending}`, { 'x-user-id': OTHER, 'x-user-roles': 'creator' }),
      404,
    );
  });

  test('a creator sees their own pending films; admins see all', async () => {
    const owner = { 'x-user-id': OWNER, 'x-user-roles': 'creator' };
    expect((await get(`/api/films/${ids.pending}`, owner)).json().status).toBe('pending');
    expect(titles((await get(`/api/creators/${ids.ada}`, owner)).json().films)).toContain('Unfinished Orbit');
    const adminTitles = titles((await get('/api/films?limit=100', ADMIN)).json());
    expect(adminTitles).toContain('Unfinished Orbit');
    expect(adminTitles).toContain('Retired Comet');
  });
});

describe('search', () => {
  test('title matches rank above description matches', async () => {
    expect(titles((await get('/api/films/search?q=nebula')).json())).toStrictEqual([
      'Nebula Dreams',
      'Quiet Harbor',
    ]);
  });

  test('one word of a title typed with a typo finds the film', async () => {
    expect(titles((await get('/api/films/search?q=nebla')).json())[0]).toBe('Nebula Dreams');
    expect(titles((await get('/api/films/search?q=celullar')).json())[0]).toBe('Cellular Sonata');
    expect(titles((await get('/api/films/search?q=machnes')).json())[0]).toBe('Laughing Machines');
  });

  test('genre and language filters apply; q is required', async () => {
    expect(titles((await get('/api/films/search?q=nebula&genre=Drama')).json())).toStrictEqual([
      'Quiet Harbor',
    ]);
    expect(titles((await get('/api/films/search?q=nebula&language=French')).json())).toStrictEqual([]);
    assertError(await get('/api/films/search'), 400, /q is required/);
    assertError(await get('/api/films/search?q=%20'), 400, /q is required/);
    expect(
      (await get(`/api/films/search?q=${encodeURIComponent("'; drop table films; --")}`)).statusCode,
    ).toBe(200);
  });
});

describe('views and trending', () => {
  test('pressing Play counts nothing: it answers the count of qualified views', async () => {
    const view = (headers: Record<string, string>) =>
      sut.inject({ method: 'POST', url: `/api/films/${ids.laugh}/view`, headers });
    expect((await view({ 'x-user-id': OTHER })).json()).toStrictEqual({ counted: false, viewCount: 10 });
    expect((await view({})).json()).toStrictEqual({ counted: false, viewCount: 10 });
    expect((await get(`/api/films/${ids.laugh}`)).json().viewCount).toBe(10);
  });

  test('trending ranks published films by views in the last 7 days', async () => {
    await db.query(
      `insert into film_views (film_id, viewer_key, viewed_at)
       select $1::int, 'v' || g, now() - interval '1 day' from generate_series(1, 7) g
       union all select $2::int, 'w' || g, now() - interval '10 days' from generate_series(1, 50) g
       union all select $3::int, 'p' || g, now() from generate_series(1, 99) g`,
      [ids.cells, ids.nebula, ids.pending],
    );
    const trending = (await get('/api/films/trending?limit=8')).json();
    expect(titles(trending)).toStrictEqual(['Cellular Sonata']);
    expect(trending.map((film: { recentViews: number }) => film.recentViews)).toStrictEqual([7]);
    assertError(await get('/api/films/trending?limit=500'), 400);
  });
});

describe('creators', () => {
  const post = (payload: unknown, userId = OWNER) =>
    sut.inject({
      method: 'POST',
      url: '/api/creators',
      payload: payload as object,
      headers: { 'x-user-id': userId },
    });

  test('the list carries user, films, _count.followers, bio and socialLinks, verified first', async () => {
    const creators = (await get('/api/creators?limit=20')).json();
    expect(creators[0].id).toBe(ids.ada);
    expect(creators[0].user).toStrictEqual({ firstName: 'Ada', lastName: 'Vale', profileImageUrl: null });
    expect(creators[0]._count).toStrictEqual({ followers: 1200, films: 2 });
    expect(titles(creators[0].films)).toStrictEqual(['Nebula Dreams', 'Quiet Harbor']);
    expect((await get('/api/creators?limit=1')).json().length).toBe(1);
    assertError(await get('/api/creators?limit=0'), 400);
    expect((await get('/api/creators?type=critic&filter=featured')).json()).toStrictEqual([]);
  });

  test('a profile has totals, views, the average rating to one decimal and the contact address', async () => {
    const profile = (await get(`/api/creators/${ids.ada}`)).json();
    expect(profile.stats).toStrictEqual({
      totalFilms: 2,
      followers: 1200,
      totalViews: 450,
      averageRating: 7.9,
    });
    expect(profile.user.email).toBe('ada@example.com');
  });

  test('any signed-in user registers once; bio and links are validated', async () => {
    const newcomer = '44444444-4444-4444-8444-444444444444';
    assertError(await sut.inject({ method: 'POST', url: '/api/creators', payload: { bio: 'hi' } }), 401);
    assertError(await post({ bio: 'x'.repeat(501) }, newcomer), 400, /bio must be at most 500 characters/);
    assertError(await post({ bio: '   ' }, newcomer), 400, /bio is required/);
    assertError(
      await post({ bio: 'ok', website: 'not a url' }, newcomer),
      400,
      /website must be an http\(s\) URL/,
    );
    assertError(
      await post({ bio: 'ok', socialLinks: { twitter: 'way too long handle!!' } }, newcomer),
      400,
      /socialLinks.twitter/,
    );
    assertError(await post({ bio: 'ok', socialLinks: 'x' }, newcomer), 400, /socialLinks/);

    const created = await post(
      {
        bio: '  Painting with diffusion.  ',
        website: 'https://example.com',
        socialLinks: {
          twitter: 'https://x.com/newcomer_art',
          instagram: '@new.comer',
          youtube: '',
          website: '',
        },
      },
      newcomer,
    );
    expect(created.statusCode).toBe(201);
    const creator = created.json();
    expect(creator.bio).toBe('Painting with diffusion.');
    expect(creator.socialLinks).toStrictEqual({ twitter: 'newcomer_art', instagram: 'new.comer' });
    expect(creator.isVerified).toBe(false);
    assertError(await post({ bio: 'again' }, newcomer), 409, /already have a creator profile/);

    const [event] = (
      await db.query(`select topic, key from outbox where topic = 'catalog.creator-registered.v1'`)
    ).rows;
    expect(event).toStrictEqual({ topic: 'catalog.creator-registered.v1', key: newcomer });
    // Exactly 500 characters is fine.
    expect((await post({ bio: 'y'.repeat(500) }, '55555555-5555-4555-8555-555555555555')).statusCode).toBe(
      201,
    );
  });
});

describe('query strings and path parameters', () => {
  test('no input in any documented operation gets a 5xx, every 4xx is JSON', async () => {
    const document = openApiDocument('catalog');
    let sent = 0;
    for (const headers of [
      {},
      { 'x-user-id': '66666666-6666-4666-8666-666666666666' },
      { 'x-user-id': '77777777-7777-4777-8777-777777777777', 'x-user-roles': 'admin' },
    ] as Record<string, string>[]) {
      sent += await assertUrlInputsNeverFail({ document, send: injectSender(sut, headers), runs: 25 });
    }
    expect(sent).toBeGreaterThan(0);
  });
});
