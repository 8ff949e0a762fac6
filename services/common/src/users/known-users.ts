import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller, Module } from '@nestjs/common';
import { Migration } from '@mikro-orm/migrations';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import {
  topicOf,
  UserDeletedSchema,
  UserRegisteredSchema,
  UserUpdatedSchema,
  type UserDeleted,
  type UserProfile,
  type UserRegistered,
  type UserUpdated,
} from '@kinora/proto';
import type { EventContext } from '../messaging/event-handler';
import { KnownUsersRepository } from './known-users.repository';

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

/** The known_users row of a user event (whose events are keyed, so ordered, but may repeat). */
function knownUser(profile: UserProfile | undefined, version: bigint, context: EventContext) {
  if (!profile?.userId) throw new Error('user event without a user');
  return {
    id: profile.userId,
    email: profile.email,
    first_name: profile.firstName || null,
    last_name: profile.lastName || null,
    profile_image_url: profile.profileImageUrl || null,
    is_admin: profile.isAdmin,
    roles: profile.roles,
    subscription_type: profile.subscriptionType || 'free',
    version: version.toString(),
    registered_at: (profile.createdAt ? timestampDate(profile.createdAt) : context.occurredAt).toISOString(),
  };
}

@Controller()
export class UserRegisteredHandler {
  constructor(private readonly users: KnownUsersRepository) {}

  @EventPattern(topicOf(UserRegisteredSchema), { ledgerKey: 'UserRegisteredHandler' })
  handle(@Payload() event: UserRegistered, @Ctx() context: EventContext): Promise<void> {
    return this.users.upsert(knownUser(event.user, 0n, context));
  }
}

@Controller()
export class UserUpdatedHandler {
  constructor(private readonly users: KnownUsersRepository) {}

  @EventPattern(topicOf(UserUpdatedSchema), { ledgerKey: 'UserUpdatedHandler' })
  handle(@Payload() event: UserUpdated, @Ctx() context: EventContext): Promise<void> {
    return this.users.upsert(knownUser(event.user, event.version, context));
  }
}

/**
 * A member deleted their account: the row takes the anonymised profile the event carries (at the
 * deletion's version, so no earlier state arriving late brings the name or address back).
 */
@Controller()
export class UserDeletedHandler {
  constructor(private readonly users: KnownUsersRepository) {}

  @EventPattern(topicOf(UserDeletedSchema), { ledgerKey: 'UserDeletedHandler' })
  handle(@Payload() event: UserDeleted, @Ctx() context: EventContext): Promise<void> {
    return this.users.upsert(knownUser(event.user, event.version, context));
  }
}

/** What a service adds to its platform options (tables) to keep the users read model. */
export const KNOWN_USERS = {
  migrations: [{ name: 'KnownUsersTable20261121000100', class: KnownUsersTable20261121000100 }],
};

/** The users read model's event handlers: a service imports it next to KNOWN_USERS' tables. */
@Module({
  controllers: [UserRegisteredHandler, UserUpdatedHandler, UserDeletedHandler],
  providers: [KnownUsersRepository],
})
export class KnownUsersModule {}
