import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { loadConfig, seedMain, waitForOutboxDrained } from '@kinora/common';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { AppModule } from './app.module';
import { configSchema } from './config';
import { UsersService } from './users/users.service';

interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Demo content, auth's part (`node dist/src/seed.js <demo-catalog.json>`): the demo creators'
 * accounts and the demo community's members (demo-community.json beside the manifest),
 * registered through the same path as a first sign-in so every service learns of them from
 * auth's events. Idempotent: existing accounts are left as they are. (Critics get their accounts
 * by accepting their invitations, as any critic does.)
 */
async function main(manifestPath: string): Promise<void> {
  const catalog = JSON.parse(readFileSync(manifestPath, 'utf8')) as { creators: DemoAccount[] };
  const communityPath = join(dirname(manifestPath), 'demo-community.json');
  const community = existsSync(communityPath)
    ? (JSON.parse(readFileSync(communityPath, 'utf8')) as { members: DemoAccount[] })
    : { members: [] };
  const accounts = [...catalog.creators, ...community.members];
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(loadConfig(configSchema)), {
    logger: ['error', 'warn'],
  });
  try {
    const users = app.get(UsersService);
    let created = 0;
    for (const account of accounts) {
      const user = await users.findOrRegister(account.email);
      if (!user.firstName && !user.lastName) {
        await users.update(user.id, { firstName: account.firstName, lastName: account.lastName });
        created++;
      }
    }
    // The relay publishes after commit; wait until every event has left the outbox.
    await waitForOutboxDrained(app.get(EntityManager).fork());
    console.log(`[auth seed] ${accounts.length} demo accounts (${created} new)`);
  } finally {
    await app.close();
  }
}

seedMain('auth', main);
