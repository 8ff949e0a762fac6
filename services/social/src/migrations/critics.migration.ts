import { Migration } from '@mikro-orm/migrations';

/**
 * Critics: invitations (only a SHA-256 of each token is kept), the critic profiles they create
 * (bound to the invited address; the member with that address in known_users is the critic),
 * critic reviews (one per critic and film) and follows of critics.
 */
export class Critics20261123003000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "critic_invitations" (
        "id" serial primary key,
        "email" text not null,
        "token_hash" text not null unique,
        "invited_by" text not null,
        "expires_at" timestamptz not null,
        "used_at" timestamptz null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql('create index "critic_invitations_email_idx" on "critic_invitations" ("email");');
    this.addSql(`
      create table "critics" (
        "id" serial primary key,
        "email" text not null unique,
        "first_name" text not null,
        "last_name" text not null,
        "bio" text not null,
        "website" text null,
        "expertise" text[] not null default '{}',
        "social_links" jsonb not null default '{}',
        "is_verified" boolean not null default false,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql('create index "known_users_email_idx" on "known_users" ("email");');
    this.addSql(`
      create table "critic_reviews" (
        "id" serial primary key,
        "critic_id" integer not null references "critics" ("id"),
        "film_id" integer not null references "films" ("id"),
        "title" text not null,
        "rating" smallint not null check ("rating" between 1 and 10),
        "review" text not null,
        "created_at" timestamptz not null default now(),
        "edited_at" timestamptz null,
        constraint "critic_reviews_critic_film_unique" unique ("critic_id", "film_id")
      );`);
    this.addSql(
      'create index "critic_reviews_film_newest_idx" on "critic_reviews" ("film_id", "created_at" desc, "id" desc);',
    );
    this.addSql(`
      create table "critic_follows" (
        "user_id" text not null,
        "critic_id" integer not null references "critics" ("id"),
        "created_at" timestamptz not null default now(),
        primary key ("user_id", "critic_id")
      );`);
    this.addSql('create index "critic_follows_critic_id_idx" on "critic_follows" ("critic_id");');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "critic_follows";');
    this.addSql('drop table if exists "critic_reviews";');
    this.addSql('drop index if exists "known_users_email_idx";');
    this.addSql('drop table if exists "critics";');
    this.addSql('drop table if exists "critic_invitations";');
  }
}
