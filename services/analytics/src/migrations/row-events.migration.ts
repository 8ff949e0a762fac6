import { Migration } from '@mikro-orm/migrations';

/**
 * Recommendation rows seen and clicked (docs/recommendations.md, measured online): one impression
 * and one click at most per browsing session and row, and their daily rollup per row kind. The
 * viewer key is the viewing sessions' (the member, or a visitor's address and agent hashed), so a
 * view can be traced to a click on its film.
 */
export class RowEvents20261208110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "row_events" (
      "session_id" uuid not null,
      "row_key" text not null,
      "kind" text not null,
      "row_kind" text not null,
      "film_id" int null,
      "user_id" text null,
      "viewer_key" text not null,
      "occurred_at" timestamptz not null,
      "day" date not null,
      primary key ("session_id", "row_key", "kind"));`);
    this.addSql('create index "row_events_day" on "row_events" ("day");');
    this.addSql(
      `create index "row_events_clicks" on "row_events" ("viewer_key", "film_id", "occurred_at") where "kind" = 'click';`,
    );
    this.addSql(`create table "row_daily" (
      "day" date not null,
      "row_kind" text not null,
      "impressions" int not null,
      "clicks" int not null,
      "computed_at" timestamptz not null,
      primary key ("day", "row_kind"));`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "row_daily";');
    this.addSql('drop table if exists "row_events";');
  }
}
