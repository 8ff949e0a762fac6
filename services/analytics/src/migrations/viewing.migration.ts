import { Migration } from '@mikro-orm/migrations';

/**
 * Viewing analytics (docs/analytics-and-money.md): read models of films and creators, the raw
 * viewing-session events, the sessions merged from them, and the rollups recomputed from those.
 */
export class Viewing20261124210000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "films" (
        "id" integer primary key,
        "creator_id" integer not null,
        "title" text not null,
        "genre" text not null,
        "poster_url" text null,
        "status" text not null,
        "duration_minutes" integer not null default 0,
        "duration_seconds" double precision not null default 0,
        "media_bytes" bigint not null default 0,
        "submitted_at" timestamptz null,
        "published_at" timestamptz null,
        "deleted" boolean not null default false,
        "rating_sum" bigint not null default 0,
        "review_count" integer not null default 0,
        "rating_version" bigint not null default 0,
        "updated_at" timestamptz not null
      );`);
    this.addSql('create index "films_creator_idx" on "films" ("creator_id");');
    this.addSql(`
      create table "creators" (
        "id" integer primary key,
        "user_id" text not null,
        "is_verified" boolean not null default false,
        "followers" integer not null default 0,
        "followers_version" bigint not null default 0
      );`);
    this.addSql(`
      create table "follower_counts" (
        "creator_id" integer not null,
        "version" bigint not null,
        "followers" integer not null,
        "changed_at" timestamptz not null,
        primary key ("creator_id", "version")
      );`);
    this.addSql(`
      create table "session_events" (
        "event_id" uuid primary key,
        "seq" bigserial not null,
        "session_id" uuid not null,
        "kind" smallint not null,
        "film_id" integer not null,
        "day" date not null,
        "user_id" text null,
        "writer" text not null,
        "viewer_key" text null,
        "device_type" text null,
        "agent_device" text null,
        "browser" text null,
        "os" text null,
        "country" text null,
        "referrer" text null,
        "started_at" timestamptz not null,
        "start_position" double precision null,
        "end_position" double precision not null,
        "total_watch_time" double precision not null,
        "pause_count" integer not null,
        "seek_count" integer not null,
        "client_updated_at" timestamptz not null,
        "ended_at" timestamptz null,
        "watched" int4multirange not null default '{}',
        "bitrate_kbps" integer not null default 0,
        "received_at" timestamptz not null,
        "stored_at" timestamptz not null default now()
      );`);
    this.addSql('create index "session_events_bucket_idx" on "session_events" ("film_id", "day", "seq");');
    this.addSql('create index "session_events_session_idx" on "session_events" ("session_id");');
    this.addSql(`
      create table "viewing_sessions" (
        "session_id" uuid primary key,
        "film_id" integer not null,
        "day" date not null,
        "user_id" text null,
        "writer" text not null,
        "viewer_key" text not null default '',
        "device_type" text not null default '',
        "agent_device" text not null default '',
        "browser" text not null default '',
        "os" text not null default '',
        "country" text not null default '',
        "referrer" text not null default '',
        "started_at" timestamptz not null,
        "start_position" double precision not null default 0,
        "end_position" double precision not null default 0,
        "max_position" double precision not null default 0,
        "total_watch_time" double precision not null default 0,
        "pause_count" integer not null default 0,
        "seek_count" integer not null default 0,
        "client_updated_at" timestamptz not null,
        "ended_at" timestamptz null,
        "watched" int4multirange not null default '{}',
        "bitrate_kbps" integer not null default 0,
        "last_received_at" timestamptz not null,
        "qualified_at" timestamptz null,
        "completed" boolean not null default false,
        "progress_published_at" timestamptz null
      );`);
    this.addSql('create index "viewing_sessions_bucket_idx" on "viewing_sessions" ("film_id", "day");');
    this.addSql('create index "viewing_sessions_day_idx" on "viewing_sessions" ("day");');
    this.addSql(
      `create index "viewing_sessions_member_idx" on "viewing_sessions" ("user_id", "client_updated_at" desc) where "user_id" is not null;`,
    );
    this.addSql(`
      create table "film_daily" (
        "film_id" integer not null,
        "day" date not null,
        "creator_id" integer not null,
        "sessions" integer not null,
        "views" integer not null,
        "unique_viewers" integer not null,
        "watch_seconds" double precision not null,
        "completions" integer not null,
        "egress_bytes" double precision not null,
        "retention" integer[] not null,
        "countries" jsonb not null,
        "devices" jsonb not null,
        "browsers" jsonb not null,
        "covered_seq" bigint not null,
        "computed_at" timestamptz not null,
        primary key ("film_id", "day")
      );`);
    this.addSql('create index "film_daily_creator_idx" on "film_daily" ("creator_id", "day");');
    this.addSql('create index "film_daily_day_idx" on "film_daily" ("day");');
    this.addSql(`
      create table "creator_daily" (
        "creator_id" integer not null,
        "day" date not null,
        "sessions" integer not null,
        "views" integer not null,
        "watch_seconds" double precision not null,
        "completions" integer not null,
        "computed_at" timestamptz not null,
        primary key ("creator_id", "day")
      );`);
    for (const column of ['sessions', 'views', 'viewers', 'completions']) {
      this.addSql(`alter table "platform_daily" add column "${column}" integer not null default 0;`);
    }
    for (const column of ['watch_seconds', 'egress_bytes']) {
      this.addSql(`alter table "platform_daily" add column "${column}" double precision not null default 0;`);
    }
    this.addSql(`
      create table "history_clears" (
        "user_id" text primary key,
        "cleared_at" timestamptz not null
      );`);
  }
}
