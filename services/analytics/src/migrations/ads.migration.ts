import { Migration } from '@mikro-orm/migrations';

/**
 * Advertising analytics (docs/analytics-and-money.md#advertising): the recorded ad events, stored
 * once per (session, ad, kind); the campaigns read model; and the ad/day rollup recomputed from
 * the events.
 */
export class Ads20261205120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "ad_events" (
        "seq" bigserial primary key,
        "event_id" text not null,
        "session_id" text not null,
        "ad_id" text not null,
        "kind" text not null check ("kind" in
          ('start', 'first_quartile', 'midpoint', 'third_quartile', 'complete', 'skip', 'click')),
        "campaign_id" text not null,
        "advertiser_name" text not null default '',
        "film_id" integer not null,
        "placement_type" text not null check ("placement_type" in ('pre_roll', 'mid_roll', 'post_roll')),
        "position_seconds" double precision not null default 0,
        "charge_micros" bigint not null default 0 check ("charge_micros" >= 0),
        "user_id" text null,
        "device_type" text not null default '',
        "country" text not null default '',
        "view_duration_seconds" double precision not null default 0,
        "occurred_at" timestamptz not null,
        "day" date not null,
        "stored_at" timestamptz not null default now(),
        unique ("session_id", "ad_id", "position_seconds", "kind")
      );`);
    this.addSql('create index "ad_events_bucket_idx" on "ad_events" ("film_id", "day");');
    this.addSql(`
      create table "ad_campaigns" (
        "id" text primary key,
        "name" text not null,
        "advertiser_name" text not null,
        "status" text not null,
        "budget_micros" bigint not null,
        "cpm_micros" bigint not null,
        "starts_at" timestamptz null,
        "ends_at" timestamptz null,
        "updated_at" timestamptz not null,
        "deleted" boolean not null default false
      );`);
    this.addSql(`
      create table "ad_daily" (
        "day" date not null,
        "film_id" integer not null,
        "campaign_id" text not null,
        "placement_type" text not null,
        "impressions" integer not null,
        "clicks" integer not null,
        "completes" integer not null,
        "skips" integer not null,
        "first_quartiles" integer not null,
        "midpoints" integer not null,
        "third_quartiles" integer not null,
        "revenue_micros" bigint not null,
        "impressions_by_charge" jsonb not null,
        "computed_at" timestamptz not null,
        primary key ("day", "film_id", "campaign_id", "placement_type")
      );`);
    this.addSql('create index "ad_daily_film_idx" on "ad_daily" ("film_id", "day");');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "ad_daily";');
    this.addSql('drop table if exists "ad_campaigns";');
    this.addSql('drop table if exists "ad_events";');
  }
}
