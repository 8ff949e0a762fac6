import { Migration } from '@mikro-orm/migrations';

export class Catalog20261121007000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`
      create table "creators" (
        "id" serial primary key,
        "user_id" text not null unique,
        "bio" text not null check (char_length("bio") between 1 and 500),
        "website" text null,
        "social_links" jsonb not null default '{}',
        "is_verified" boolean not null default false,
        "follower_count" integer not null default 0,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "films" (
        "id" serial primary key,
        "title" text not null,
        "description" text not null default '',
        "genre" text not null,
        "language" text not null,
        "duration_minutes" integer not null default 0,
        "release_year" integer not null,
        "rating" numeric(3, 1) not null default 0,
        "rating_count" integer not null default 0,
        "view_count" integer not null default 0,
        "poster_url" text null,
        "video_url" text null,
        "is_featured" boolean not null default false,
        "status" text not null default 'pending' check ("status" in ('pending', 'published', 'archived')),
        "creator_id" integer not null references "creators" ("id"),
        "created_at" timestamptz not null default now(),
        "published_at" timestamptz null,
        "search" tsvector generated always as (
          setweight(to_tsvector('english', coalesce("title", '')), 'A') ||
          setweight(to_tsvector('english', coalesce("description", '')), 'B')
        ) stored
      );`);
    this.addSql(`create index "films_search_idx" on "films" using gin ("search");`);
    this.addSql(`create index "films_title_trgm_idx" on "films" using gin ("title" gin_trgm_ops);`);
    this.addSql(`create index "films_status_created_idx" on "films" ("status", "created_at" desc);`);
    this.addSql(`create index "films_creator_idx" on "films" ("creator_id");`);
    this.addSql(`
      create table "film_media" (
        "film_id" integer primary key references "films" ("id") on delete cascade,
        "source_path" text not null,
        "status" text not null default 'queued' check ("status" in ('queued', 'processing', 'ready', 'failed')),
        "failure_reason" text null,
        "attempts" integer not null default 0,
        "duration_seconds" numeric(10, 3) null,
        "renditions" jsonb not null default '[]',
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "film_views" (
        "id" bigserial primary key,
        "film_id" integer not null references "films" ("id") on delete cascade,
        "viewer_key" text not null,
        "viewed_at" timestamptz not null default now()
      );`);
    this.addSql(
      `create index "film_views_viewer_idx" on "film_views" ("film_id", "viewer_key", "viewed_at" desc);`,
    );
    this.addSql(`create index "film_views_recent_idx" on "film_views" ("viewed_at", "film_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "film_views";');
    this.addSql('drop table if exists "film_media";');
    this.addSql('drop table if exists "films";');
    this.addSql('drop table if exists "creators";');
  }
}
