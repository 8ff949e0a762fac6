// The template of the specs that check one of catalog's projections of social's events (a film's
// rating, a creator's follower count): social's own app on its database makes the events, which are
// read from its outbox, delivered twice and partly out of order, and applied through catalog's
// handler to a catalog database of the test's own, each in its own transaction as catalog's
// consumer would. Only the event, the handler and the expected row differ between them.
import { fromBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Type } from '@nestjs/common';
import { migrate, type DatabaseOptions, type EventContext } from '@kinora/common';
import {
  createDatabaseContext,
  createTestDatabase,
  startTestService,
  type TestDatabase,
  type TestService,
} from '@kinora/common/testing';
import { topicOf } from '@kinora/proto';
import { join } from 'node:path';
import { Client } from 'pg';
import { AppModule } from '../src/app.module';
import { configSchema, type Config } from '../src/config';
import { DATABASE } from '../src/database';

// catalog's sources, loaded at run time: services compile on their own, so no static import across them.
const CATALOG_SRC = join(__dirname, '..', '..', 'catalog', 'src');

interface CatalogHandler<E> {
  handle(event: E, context: EventContext): Promise<void>;
}

export interface Projection {
  /** Social's app (its API) on the test's own database. */
  social: TestService<Config>;
  sut: NestFastifyApplication;
  catalogDb: TestDatabase;
  /** Runs a query on social's or catalog's database. */
  query<T>(url: string, sql: string, params?: unknown[]): Promise<T[]>;
}

/** Registers the set-up and tear-down of one projection spec: social's app and catalog's database. */
export function setUpProjection(label: string): Projection {
  const projection = {} as Projection;
  beforeAll(async () => {
    const catalog = (await import(join(CATALOG_SRC, 'database'))) as {
      DATABASE: Omit<DatabaseOptions, 'url'>;
    };
    const [social, catalogDb] = await Promise.all([
      startTestService({
        name: label,
        schema: DATABASE,
        configSchema,
        app: (config) => AppModule.forRoot(config as Config),
        partitions: 1,
      }),
      createTestDatabase(`${label}_catalog`),
    ]);
    await migrate({ url: catalogDb.url, ...catalog.DATABASE });
    Object.assign(projection, { social, sut: social.api, catalogDb, query });
  });
  afterAll(async () => {
    await projection.social?.close();
    await projection.catalogDb?.drop();
  });
  return projection;
}

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
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

export const member = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The events of `schema` social wrote to its outbox under `key`, in order. */
export async function outboxEvents<S extends DescMessage>(
  projection: Projection,
  schema: S,
  key: string,
): Promise<MessageShape<S>[]> {
  const rows = await projection.query<{ payload: Buffer }>(
    projection.social.database.url,
    `select payload from outbox where topic = $1 and key = $2 order by position`,
    [topicOf(schema), key],
  );
  return rows.map((row) => fromBinary(schema, row.payload));
}

/**
 * Every event twice; then one delivery in ten swapped with a random other one (late, early or
 * replayed); the newest last but one, then a stale one (the test would be vacuous otherwise).
 */
export function disorderedDeliveries<E>(events: E[], next: () => number, stale: E): E[] {
  const deliveries = [...events, ...events];
  for (let i = 0; i < deliveries.length; i += 10) {
    const j = Math.floor(next() * deliveries.length);
    [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
  }
  deliveries.push(...deliveries.splice(deliveries.lastIndexOf(events.at(-1)!), 1));
  deliveries.push(stale);
  return deliveries;
}

/**
 * Applies `deliveries` through catalog's handler `exportName` in `file` (under catalog's src),
 * built with what it injects (its repositories, read off its constructor) on catalog's database.
 */
export async function applyThroughCatalog<S extends DescMessage>(
  projection: Projection,
  handlerFile: string[],
  exportName: string,
  schema: S,
  deliveries: (MessageShape<S> & { envelope?: { eventId: string } })[],
): Promise<void> {
  const catalog = (await import(join(CATALOG_SRC, 'database'))) as { DATABASE: Omit<DatabaseOptions, 'url'> };
  const Handler = (
    (await import(join(CATALOG_SRC, ...handlerFile))) as Record<string, Type<CatalogHandler<MessageShape<S>>>>
  )[exportName]!;
  const injected = (Reflect.getMetadata('design:paramtypes', Handler) ?? []) as Type[];
  const context = await createDatabaseContext({ url: projection.catalogDb.url, ...catalog.DATABASE }, [
    ...injected,
    Handler,
  ]);
  try {
    const handler = context.get(Handler);
    const entities = context.get(EntityManager);
    for (const event of deliveries) {
      await entities.fork().transactional((em) =>
        handler.handle(event, {
          em,
          eventId: event.envelope!.eventId,
          occurredAt: new Date(),
          producer: 'social',
          topic: topicOf(schema),
          partition: 0,
          offset: '0',
        }),
      );
    }
  } finally {
    await context.close();
  }
}
