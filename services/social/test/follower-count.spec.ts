// A creator's follower count in the catalog is exact after many follows and unfollows even though
// the events carrying it are delivered twice and partly out of order. The events are social's own
// (from its outbox table); they are applied through catalog's handler to a catalog database.
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
import { CreatorFollowerCountChangedSchema, type CreatorFollowerCountChanged } from '@kinora/proto';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema } from '../src/config';
import { DATABASE } from '../src/database';

// catalog's sources, loaded at run time: services compile on their own, so no static import across them.
const CATALOG_SRC = join(__dirname, '..', '..', 'catalog', 'src');
interface CatalogHandler {
  handle(event: CreatorFollowerCountChanged, context: EventContext): Promise<void>;
}

const MEMBERS = 60;
const CALLS = 300;

let socialDb: TestDatabase;
let catalogDb: TestDatabase;
let kafka: TestKafka;
let redis: TestRedis;
let sut: NestFastifyApplication;

beforeAll(async () => {
  [socialDb, catalogDb, kafka] = await Promise.all([
    createTestDatabase('social_followers'),
    createTestDatabase('social_followers_catalog'),
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

test('the follower count is exact with every event applied twice, some out of order', async () => {
  const catalog = {
    database: (await import(join(CATALOG_SRC, 'database'))) as { DATABASE: Omit<DatabaseOptions, 'url'> },
    handler: (await import(join(CATALOG_SRC, 'creators', 'creator-follower-count-changed.handler'))) as {
      CreatorFollowerCountChangedHandler: new () => CatalogHandler;
    },
  };
  await migrate({ url: catalogDb.url, ...catalog.database.DATABASE });
  const [creator] = await query<{ id: number }>(
    catalogDb.url,
    `insert into creators (user_id, bio) values ('creator-user', 'Films.') returning id`,
  );
  const creatorId = creator!.id;
  await query(
    socialDb.url,
    `insert into creators (id, user_id, registered_at) values ($1, 'creator-user', now())`,
    [creatorId],
  );

  // Members follow and unfollow at random through both paths; repeats change nothing.
  const next = random(7);
  const member = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const following = new Set<string>();
  let changes = 0;
  for (let n = 0; n < CALLS; n++) {
    const userId = member(Math.floor(next() * MEMBERS));
    const follow = next() < 0.6;
    const url =
      next() < 0.5
        ? `/api/follow/${creatorId}`
        : `/api/creators/${creatorId}/${follow ? 'follow' : 'unfollow'}`;
    const method = url.startsWith('/api/follow/') && !follow ? 'DELETE' : 'POST';
    const response = await sut.inject({ method, url, headers: { 'x-user-id': userId } });
    expect(response.statusCode).toBe(200);
    if (follow !== following.has(userId)) changes++;
    if (follow) following.add(userId);
    else following.delete(userId);
    expect(response.json()).toMatchObject({ isFollowing: follow, followerCount: following.size });
  }

  const rows = await query<{ payload: Buffer }>(
    socialDb.url,
    `select payload from outbox where topic = 'social.creator-follower-count-changed.v1' and key = $1 order by position`,
    [String(creatorId)],
  );
  const events = rows.map((row) => fromBinary(CreatorFollowerCountChangedSchema, row.payload));
  expect(events).toHaveLength(changes);
  expect(events.at(-1)).toMatchObject({ followerCount: following.size, version: BigInt(changes) });

  // Every event twice; then one delivery in ten swapped with a random other one (late, early or replayed).
  const deliveries = [...events, ...events];
  for (let i = 0; i < deliveries.length; i += 10) {
    const j = Math.floor(next() * deliveries.length);
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  // The newest count is not always delivered last: the test would be vacuous otherwise.
  deliveries.push(...deliveries.splice(deliveries.lastIndexOf(events.at(-1)!), 1));
  deliveries.push(events[changes - 10]!);
  expect(events[changes - 10]!.followerCount).not.toBe(following.size);

  const orm = await MikroORM.init(ormOptions({ url: catalogDb.url, ...catalog.database.DATABASE }));
  try {
    const handler = new catalog.handler.CreatorFollowerCountChangedHandler();
    for (const event of deliveries) {
      await orm.em.fork().transactional((em) =>
        handler.handle(event, {
          em,
          eventId: event.envelope!.eventId,
          occurredAt: new Date(),
          producer: 'social',
          topic: 'social.creator-follower-count-changed.v1',
          partition: 0,
          offset: '0',
        }),
      );
    }
  } finally {
    await orm.close(true);
  }

  const [row] = await query<{ follower_count: number; follower_version: string }>(
    catalogDb.url,
    'select follower_count, follower_version from creators where id = $1',
    [creatorId],
  );
  expect(row).toStrictEqual({ follower_count: following.size, follower_version: String(changes) });
});
