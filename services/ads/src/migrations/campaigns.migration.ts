import { Migration } from '@mikro-orm/migrations';

/** Tables the in-process delivery caches are made from (src/delivery/delivery-cache.ts). */
const WATCHED_TABLES = ['films', 'advertisers', 'campaigns', 'creatives'];

/**
 * Advertising (docs/advertising.md): advertisers, campaigns and their creatives, the recorded ad
 * events, the optimizations log, and the films' exact length for placements. Money is in integer
 * micro-dollars. Any committed change to the tables delivery reads notifies `ads_changed` once per
 * statement, on which every ads process drops its delivery caches.
 */
export class Campaigns20261205100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "films" add column "duration_seconds" double precision not null default 0;`);
    this.addSql(`
      create table "advertisers" (
        "id" bigint generated always as identity primary key,
        "name" text not null,
        "website_url" text null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`create unique index "advertisers_name_key" on "advertisers" (lower("name"));`);
    this.addSql(`
      create table "campaigns" (
        "id" bigint generated always as identity primary key,
        "advertiser_id" bigint not null references "advertisers" ("id") on delete restrict,
        "name" text not null,
        "budget_micros" bigint not null check ("budget_micros" > 0),
        "cpm_micros" bigint not null check ("cpm_micros" > 0),
        "starts_at" timestamptz not null,
        "ends_at" timestamptz not null,
        "delivery" text not null check ("delivery" in ('even', 'asap')),
        "cap_per_viewer_day" integer not null default 3,
        "cap_per_session" integer not null default 1,
        "targeting" jsonb not null default '{}',
        "status" text not null default 'draft' check ("status" in ('draft', 'active', 'paused', 'ended')),
        "flight_ended_at" timestamptz null,
        "budget_exhausted_at" timestamptz null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now(),
        check ("ends_at" > "starts_at")
      );`);
    this.addSql(`create index "campaigns_advertiser_idx" on "campaigns" ("advertiser_id");`);
    this.addSql(`
      create table "creatives" (
        "id" bigint generated always as identity primary key,
        "campaign_id" bigint not null references "campaigns" ("id") on delete cascade,
        "title" text not null,
        "description" text not null,
        "video_url" text not null,
        "duration_seconds" double precision not null,
        "click_url" text not null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "creatives_campaign_idx" on "creatives" ("campaign_id");`);
    // No foreign keys: the ledger outlives the campaigns and creatives it charged.
    this.addSql(`
      create table "ad_events" (
        "id" bigint generated always as identity primary key,
        "selection_id" uuid not null,
        "session_id" uuid not null,
        "creative_id" bigint not null,
        "campaign_id" bigint not null,
        "film_id" bigint not null,
        "kind" text not null,
        "placement_type" text not null,
        "position" double precision not null,
        "charge_micros" bigint not null default 0,
        "user_id" text null,
        "viewer_key" text not null,
        "device_type" text not null,
        "country" text not null,
        "view_duration" double precision not null default 0,
        "occurred_at" timestamptz not null,
        unique ("session_id", "creative_id", "position", "kind")
      );`);
    this.addSql(
      `create index "ad_events_campaign_idx" on "ad_events" ("campaign_id", "kind") include ("charge_micros");`,
    );
    this.addSql(`
      create table "ad_optimizations" (
        "id" bigint generated always as identity primary key,
        "campaign_id" bigint not null references "campaigns" ("id") on delete cascade,
        "kind" text not null check ("kind" in ('paced', 'capped', 'budget_exhausted', 'flight_ended')),
        "count" integer not null,
        "detail" text not null,
        "at" timestamptz not null default now()
      );`);
    this.addSql(`create index "ad_optimizations_at_idx" on "ad_optimizations" ("at" desc, "id" desc);`);
    this.addSql(`create index "ad_optimizations_campaign_idx" on "ad_optimizations" ("campaign_id");`);
    this.addSql(`
      create or replace function "ads_changed_notify"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('ads_changed', '');
        return null;
      end $$;`);
    for (const table of WATCHED_TABLES) {
      this.addSql(`
        create trigger "${table}_changed" after insert or update or delete or truncate on "${table}"
          for each statement execute function "ads_changed_notify"();`);
    }
  }

  override async down(): Promise<void> {
    for (const table of WATCHED_TABLES)
      this.addSql(`drop trigger if exists "${table}_changed" on "${table}";`);
    this.addSql('drop function if exists "ads_changed_notify"();');
    this.addSql('drop table if exists "ad_optimizations";');
    this.addSql('drop table if exists "ad_events";');
    this.addSql('drop table if exists "creatives";');
    this.addSql('drop table if exists "campaigns";');
    this.addSql('drop table if exists "advertisers";');
    this.addSql('alter table "films" drop column if exists "duration_seconds";');
  }
}
