// The rating a film shows is exact after many reviews even though the events carrying it are
// delivered twice and partly out of order. The events are social's own (from its outbox table);
// they are applied through catalog's handler to a catalog database, as the catalog service would.
import { fromBinary } from '@bufbuild/protobuf';
import { MikroORM } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, migrate, ormOptions, type DatabaseOptions, type EventContext } from '@kinora/common';
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
import { FilmRatingChangedSchema, type FilmRatingChanged } from '@kinora/proto';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';

// catalog's sources, loaded at run time: services compile on their own, so no static import across them.
const CATALOG_SRC = join(__dirname, '..', '..', 'catalog', 'src');
interface CatalogHandler {
  handle(event: FilmRatingChanged, context: EventContext): Promise<void>;
}

const FILM = 7;
const MEMBERS = 700;
const REVIEWS = 1000;

let socialDb: TestDatabase;
let catalogDb: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let sut: NestFastifyApplication;

beforeAll(async () => {
  [socialDb, catalogDb, kafka] = await Promise.all([
    createTestDatabase('social_rating'),
    createTestDatabase('social_rating_catalog'),
    createTestKafka(1),
  ]);
  redis = await createTestRedis();
  await migrate({ url: socialDb.url, ...DATABASE });
  const env = serviceEnv({ port: 1, database: socialDb, kafka, redis, extra: { LOG_LEVEL: 'silent' } });
  sut = await createTestApp(AppModule.forRoot(loadConfig(configSchema, env)));
});

afterAll(async () => {
  await sut?.close();
  await Promise.allSettled([socialDb?.drop(), catalogDb?.drop(), kafka?.cleanup(), redis?.cleanup()]);
});

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A small deterministic generator, so a failure replays the same way. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

test('the mean is exact after 1,000 reviews with every event applied twice, some out of order', async () => {
  await query(socialDb.url, `insert into films (id, status, updated_at) values ($1, 'published', now())`, [
    FILM,
  ]);
  const next = random(42);
  const member = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const ratings = new Map<string, number>();
  for (let n = 0; n < REVIEWS; n++) {
    // The first 700 posts are new members; the last 300 replace reviews of members picked at random.
    const userId = member(n < MEMBERS ? n : Math.floor(next() * MEMBERS));
    const rating = 1 + Math.floor(next() * 10);
    const response = await sut.inject({
      method: 'POST',
      url: `/api/films/${FILM}/reviews`,
      headers: { 'x-user-id': userId },
      payload: { rating, review: `Review ${n}` },
    });
    expect(response.statusCode).toBe(201);
    ratings.set(userId, rating);
  }
  const sum = [...ratings.values()].reduce((total, rating) => total + rating, 0);
  const count = ratings.size;
  expect(count).toBeLessThan(REVIEWS);

  const rows = await query<{ payload: Buffer }>(
    socialDb.url,
    `select payload from outbox where topic = 'social.film-rating-changed.v1' and key = $1 order by position`,
    [String(FILM)],
  );
  const events = rows.map((row) => fromBinary(FilmRatingChangedSchema, row.payload));
  expect(events).toHaveLength(REVIEWS);
  expect(events.at(-1)).toMatchObject({
    ratingSum: BigInt(sum),
    reviewCount: count,
    version: BigInt(REVIEWS),
  });

  // Every event twice; then one delivery in ten swapped with a random other one (late, early or replayed).
  const deliveries = [...events, ...events];
  for (let i = 0; i < deliveries.length; i += 10) {
    const j = Math.floor(next() * deliveries.length);
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  // The newest totals are not always delivered last: the test would be vacuous otherwise.
  deliveries.push(...deliveries.splice(deliveries.lastIndexOf(events.at(-1)!), 1));
  deliveries.push(events[REVIEWS - 10]!);

  const catalog = {
    database: (await import(join(CATALOG_SRC, 'database'))) as { DATABASE: Omit<DatabaseOptions, 'url'> },
    handler: (await import(join(CATALOG_SRC, 'films', 'film-rating-changed.handler'))) as {
      FilmRatingChangedHandler: new () => CatalogHandler;
    },
  };
  await migrate({ url: catalogDb.url, ...catalog.database.DATABASE });
  const [creator] = await query<{ id: number }>(
    catalogDb.url,
    `insert into creators (user_id, bio) values ('creator', 'Films.') returning id`,
  );
  await query(
    catalogDb.url,
    `insert into films (id, title, genre, language, release_year, creator_id, status)
     values ($1, 'Rated', 'Drama', 'English', 2024, $2, 'published')`,
    [FILM, creator!.id],
  );
  const orm = await MikroORM.init(ormOptions({ url: catalogDb.url, ...catalog.database.DATABASE }));
  try {
    const handler = new catalog.handler.FilmRatingChangedHandler();
    for (const event of deliveries) {
      await orm.em.fork().transactional((em) =>
        handler.handle(event, {
          em,
          eventId: event.envelope!.eventId,
          occurredAt: new Date(),
          producer: 'social',
          topic: 'social.film-rating-changed.v1',
          partition: 0,
          offset: '0',
        }),
      );
    }
  } finally {
    await orm.close(true);
  }

  // Round half up to one decimal in integers: tenths = floor((20·sum + count) / (2·count)).
  const tenths = Math.floor((20 * sum + count) / (2 * count));
  const [film] = await query<{ rating: string; rating_count: number; rating_version: string }>(
    catalogDb.url,
    'select rating, rating_count, rating_version from films where id = $1',
    [FILM],
  );
  expect(film).toStrictEqual({
    rating: (tenths / 10).toFixed(1),
    rating_count: count,
    rating_version: String(REVIEWS),
  });
});
