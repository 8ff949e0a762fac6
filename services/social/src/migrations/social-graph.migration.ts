import { Migration } from '@mikro-orm/migrations';

/**
 * Likes, follows of creators and members' lists. The films read model gains the summary a list
 * entry shows (from catalog.film-status-changed.v1); the creators read model (from
 * catalog.creator-registered.v1) holds who owns each creator profile and the version of its
 * follower count, which grows with every follow or unfollow.
 */
export class SocialGraph20261123002000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "films"
        add column "title" text null,
        add column "genre" text null,
        add column "duration_minutes" integer null,
        add column "poster_url" text null,
        add column "creator_id" integer null;`);
    this.addSql(`
      create table "likes" (
        "user_id" text not null,
        "film_id" integer not null references "films" ("id"),
        "created_at" timestamptz not null default now(),
        primary key ("user_id", "film_id")
      );`);
    this.addSql('create index "likes_film_id_idx" on "likes" ("film_id");');
    this.addSql(`
      create table "creators" (
        "id" integer primary key,
        "user_id" text not null,
        "follower_version" bigint not null default 0,
        "registered_at" timestamptz not null
      );`);
    this.addSql(`
      create table "follows" (
        "user_id" text not null,
        "creator_id" integer not null references "creators" ("id"),
        "created_at" timestamptz not null default now(),
        primary key ("user_id", "creator_id")
      );`);
    this.addSql('create index "follows_creator_id_idx" on "follows" ("creator_id");');
    this.addSql(`
      create table "list_entries" (
        "id" serial primary key,
        "user_id" text not null,
        "film_id" integer not null references "films" ("id"),
        "list_type" text not null check ("list_type" in ('watchlist', 'favorites', 'continue_watching')),
        "created_at" timestamptz not null default now(),
        constraint "list_entries_user_list_film_unique" unique ("user_id", "list_type", "film_id")
      );`);
    this.addSql(
      'create index "list_entries_newest_idx" on "list_entries" ("user_id", "list_type", "created_at" desc, "id" desc);',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "list_entries";');
    this.addSql('drop table if exists "follows";');
    this.addSql('drop table if exists "creators";');
    this.addSql('drop table if exists "likes";');
    this.addSql(`
      alter table "films"
        drop column if exists "title", drop column if exists "genre",
        drop column if exists "duration_minutes", drop column if exists "poster_url",
        drop column if exists "creator_id";`);
  }
}
