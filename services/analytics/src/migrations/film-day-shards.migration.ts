import { Migration } from '@mikro-orm/migrations';

/**
 * A film's day is summed from shards, so that a batch recomputes only the sessions of the viewers
 * it touched (docs/analytics-and-money.md, Rollups). A session's shard is a hash of its viewer (one
 * of 256), so every figure of a film day, unique viewers included, is the sum of its shards'. A
 * batch that changes sessions marks their shards dirty (`film_day_dirty`) in its own transaction;
 * the film-day job takes the marks, recomputes those shards and sums them.
 */
export class FilmDayShards20261206120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "viewing_sessions" add column "shard" smallint not null
        generated always as ((hashtext("viewer_key") & 255)::smallint) stored;`);
    this.addSql('drop index "viewing_sessions_bucket_idx";');
    this.addSql(
      'create index "viewing_sessions_shard_idx" on "viewing_sessions" ("film_id", "day", "shard");',
    );
    this.addSql(`
      create table "film_day_shards" (
        "film_id" integer not null,
        "day" date not null,
        "shard" smallint not null,
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
        primary key ("film_id", "day", "shard")
      );`);
    // A mark per batch and shard, never merged with another batch's: a recompute takes only the
    // marks of batches that committed before it, whose sessions it therefore reads.
    this.addSql(`
      create table "film_day_dirty" (
        "id" bigint generated always as identity primary key,
        "film_id" integer not null,
        "day" date not null,
        "shard" smallint not null
      );`);
    this.addSql('create index "film_day_dirty_bucket_idx" on "film_day_dirty" ("film_id", "day");');
    // Every stored session's shard starts dirty: a film day's next recompute builds its shards.
    this.addSql(`
      insert into "film_day_dirty" ("film_id", "day", "shard")
      select distinct "film_id", "day", "shard" from "viewing_sessions";`);
  }
}
