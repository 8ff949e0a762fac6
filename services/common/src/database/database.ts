import type { AnyEntity, EntityClass } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import type { MigrationObject } from '@mikro-orm/core';
import { defineConfig, MikroORM, type Options } from '@mikro-orm/postgresql';
import { OutboxMessage } from '../messaging/outbox.entity';
import { migrationLock } from './advisory-locks.repository';
import { MessagingTables20261121000000 } from '../messaging/messaging.migration';
import {
  OutboxNotify20261123200000,
  OutboxNotifyDropped20261130000000,
} from '../messaging/outbox-notify.migration';

/**
 * Tables every service has: the outbox, the consumer ledger and dead letters. Only the outbox is
 * written through the unit of work, so it is the one with an entity; the rest go through Kysely.
 */
export const MESSAGING_ENTITIES: EntityClass<AnyEntity>[] = [OutboxMessage];
export const MESSAGING_MIGRATIONS: MigrationObject[] = namedMigrations({
  MessagingTables20261121000000,
  OutboxNotify20261123200000,
  OutboxNotifyDropped20261130000000,
});

/**
 * A migrations list from the classes in the order they run, each under the name it is recorded by
 * in mikro_orm_migrations: its key, so write `{ Catalog20261121007000, ... }` (the name is the key,
 * never the class's runtime name, which a bundler could change).
 */
export function namedMigrations(classes: Record<string, MigrationObject['class']>): MigrationObject[] {
  return Object.entries(classes).map(([name, migration]) => ({ name, class: migration }));
}

export interface DatabaseOptions {
  url: string;
  /** The service's classes written through the unit of work (most tables have none). */
  entities?: EntityClass<AnyEntity>[];
  migrations: MigrationObject[];
  debug?: boolean;
}

/** The MikroORM options of a service: its own database, its entities plus the messaging tables. */
export function ormOptions({ url, entities = [], migrations, debug }: DatabaseOptions): Options {
  return defineConfig({
    clientUrl: url,
    entities: [...MESSAGING_ENTITIES, ...entities],
    extensions: [Migrator],
    migrations: {
      migrationsList: [...MESSAGING_MIGRATIONS, ...migrations],
      transactional: true,
      allOrNothing: true,
      tableName: 'mikro_orm_migrations',
      // Migrations are hand-written; no schema snapshot files beside them.
      snapshot: false,
    },
    pool: { min: 0, max: 10 },
    debug: debug ?? false,
    allowGlobalContext: false,
    // Services own their schema through migrations only.
    schemaGenerator: { disableForeignKeys: false },
  });
}

/** Applies pending migrations; used by each service's migrate step and by tests. */
export async function migrate(options: DatabaseOptions): Promise<string[]> {
  const orm = await MikroORM.init({ ...ormOptions(options), pool: { min: 1, max: 1 } });
  const connection = orm.em.getConnection();
  try {
    // One pooled connection: the session lock is held by the same connection the migrator uses.
    await migrationLock.take(connection);
    const applied = await orm.getMigrator().up();
    return applied.map((migration) => migration.name);
  } finally {
    await migrationLock.release(connection).catch(() => undefined);
    await orm.close(true);
  }
}
