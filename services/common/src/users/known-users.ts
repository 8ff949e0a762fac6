import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller, Module } from '@nestjs/common';
import { Migration } from '@mikro-orm/migrations';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import {
  topicOf,
  UserRegisteredSchema,
  UserUpdatedSchema,
  type UserProfile,
  type UserRegistered,
  type UserUpdated,
} from '@kinora/proto';
import type { EventContext } from '../messaging/event-handler';
import { KnownUser } from './known-user.entity';

export class KnownUsersTable20261121000100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "known_users" (
        "id" text primary key,
        "email" text not null,
        "first_name" text null,
        "last_name" text null,
        "profile_image_url" text null,
        "is_admin" boolean not null default false,
        "roles" text[] not null default '{}',
        "subscription_type" text not null default 'free',
        "version" bigint not null default 0,
        "registered_at" timestamptz not null,
        "updated_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "known_users";');
  }
}

/** Upserts the user unless the stored state is newer (events of one user are keyed, so ordered, but may repeat). */
async function upsert(
  profile: UserProfile | undefined,
  version: bigint,
  context: EventContext,
): Promise<void> {
  if (!profile?.userId) throw new Error('user event without a user');
  await context.em.execute(
    `insert into known_users
       (id, email, first_name, last_name, profile_image_url, is_admin, roles, subscription_type, version, registered_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?::text[], ?, ?, ?, now())
     on conflict (id) do update set
       email = excluded.email, first_name = excluded.first_name, last_name = excluded.last_name,
       profile_image_url = excluded.profile_image_url, is_admin = excluded.is_admin, roles = excluded.roles,
       subscription_type = excluded.subscription_type, version = excluded.version, updated_at = now()
     where known_users.version <= excluded.version`,
    [
      profile.userId,
      profile.email,
      profile.firstName || null,
      profile.lastName || null,
      profile.profileImageUrl || null,
      profile.isAdmin,
      `{${profile.roles.map((role) => `"${role}"`).join(',')}}`,
      profile.subscriptionType || 'free',
      version.toString(),
      profile.createdAt ? timestampDate(profile.createdAt) : context.occurredAt,
    ],
  );
}

@Controller()
export class UserRegisteredHandler {
  @EventPattern(topicOf(UserRegisteredSchema), { ledgerKey: 'UserRegisteredHandler' })
  handle(@Payload() event: UserRegistered, @Ctx() context: EventContext): Promise<void> {
    return upsert(event.user, 0n, context);
  }
}

@Controller()
export class UserUpdatedHandler {
  @EventPattern(topicOf(UserUpdatedSchema), { ledgerKey: 'UserUpdatedHandler' })
  handle(@Payload() event: UserUpdated, @Ctx() context: EventContext): Promise<void> {
    return upsert(event.user, event.version, context);
  }
}

/** What a service adds to its platform options (tables) to keep the users read model. */
export const KNOWN_USERS = {
  entities: [KnownUser],
  migrations: [{ name: 'KnownUsersTable20261121000100', class: KnownUsersTable20261121000100 }],
};

/** The users read model's event handlers: a service imports it next to KNOWN_USERS' tables. */
@Module({ controllers: [UserRegisteredHandler, UserUpdatedHandler] })
export class KnownUsersModule {}
