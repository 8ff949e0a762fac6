import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig, seedMain, waitForOutboxDrained } from '@kinora/common';
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
    await waitForOutboxDrained(app.get(EntityManager).fork());
    console.log(`[auth seed] ${manifest.creators.length} demo creators (${created} new)`);
  } finally {
    await app.close();
  }
}

seedMain('auth', main);
