import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { ConfigError, loadConfig } from '@kinora/common';
import { readFileSync } from 'node:fs';
import { AppModule } from './app.module';
import { configSchema } from './config';
import { UsersService } from './users/users.service';

interface DemoCreator {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Demo content, auth's part (`node dist/src/seed.js <manifest.json>`): the demo creators'
 * accounts, registered through the same path as a first sign-in so every service learns of them
 * from auth's events. Idempotent: existing accounts are left as they are.
 */
async function main(manifestPath: string): Promise<void> {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { creators: DemoCreator[] };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadConfig(configSchema)), {
    logger: ['error', 'warn'],
  });
  try {
    const users = app.get(UsersService);
    let created = 0;
    for (const creator of manifest.creators) {
      const user = await users.findOrRegister(creator.email);
      if (!user.firstName && !user.lastName) {
        await users.update(user.id, { firstName: creator.firstName, lastName: creator.lastName });
        created++;
      }
    }
    // The relay publishes after commit; wait until every event has left the outbox.
    const em = app.get(EntityManager).fork();
    for (let i = 0; i < 300; i++) {
      const [row] = await em.execute<{ count: string }[]>(
        'select count(*) from outbox where published_at is null',
      );
      if (Number(row?.count) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(`[auth seed] ${manifest.creators.length} demo creators (${created} new)`);
  } finally {
    await app.close();
  }
}

const manifestPath = process.argv[2];
if (!manifestPath) {
  console.error('usage: node dist/src/seed.js <manifest.json>');
  process.exit(2);
}
main(manifestPath).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(
      `[auth seed] ${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}`,
    );
    process.exit(1);
  },
);
