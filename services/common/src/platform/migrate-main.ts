import 'reflect-metadata';
import type { AnyEntity, EntityClass } from '@mikro-orm/core';
import type { MigrationObject } from '@mikro-orm/core';
import { baseConfigSchema, ConfigError, loadConfig } from '../config/config';
import { migrate } from '../database/database';

/** A service's migrate step: applies pending migrations to DATABASE_URL and exits. */
export function migrateMain(
  name: string,
  schema: { entities: EntityClass<AnyEntity>[]; migrations: MigrationObject[] },
): void {
  let url: string;
  try {
    url = loadConfig(baseConfigSchema.pick({ DATABASE_URL: true })).DATABASE_URL;
  } catch (error) {
    console.error(`[${name}] ${error instanceof ConfigError ? error.message : String(error)}`);
    process.exit(1);
  }
  migrate({ url, ...schema })
    .then((applied) => {
      console.log(`[${name}] migrations applied: ${applied.length ? applied.join(', ') : 'none pending'}`);
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(`[${name}] migration failed:`, error);
      process.exit(1);
    });
}
