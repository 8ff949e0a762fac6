import { Migration } from '@mikro-orm/migrations';

/**
 * Recommendations (docs/recommendations.md): the ties members made in social and critics' ratings,
 * as the latest event of each said; the weights learned from them and from the viewing sessions; each
 * film's nearest films; each member's rows (and the visitors' under owner '*'); and each member's
 * choice to be personalised. Everything but the ties, the critics' ratings and the choice is
 * recomputed from them by analytics-worker, so it can be dropped and rebuilt.
 */
export class Recommendations20261208100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "member_ties" (
      "user_id" text not null,
      "kind" text not null,
      "target_id" bigint not null,
      "value" int not null,
      "changed_at" timestamptz not null,
      primary key ("user_id", "kind", "target_id"));`);
    this.addSql(`create table "critic_ratings" (
      "critic_id" bigint not null,
      "film_id" int not null,
      "rating" int not null,
      "rated_at" timestamptz not null,
      primary key ("critic_id", "film_id"));`);
    this.addSql(`create table "taste_weights" (
      "user_id" text not null,
      "film_id" int not null,
      "weight" double precision not null,
      "seen" boolean not null,
      "last_at" timestamptz not null,
      primary key ("user_id", "film_id"));`);
    this.addSql(
      'create index "taste_weights_film" on "taste_weights" ("film_id", "user_id") include ("weight");',
    );
    this.addSql(`create table "film_neighbours" (
      "film_id" int not null,
      "rank" int not null,
      "neighbour_id" int not null,
      "score" double precision not null,
      "basis" text not null,
      primary key ("film_id", "rank"));`);
    this.addSql(`create table "recommendation_rows" (
      "owner" text primary key,
      "rows" jsonb not null,
      "computed_at" timestamptz not null);`);
    this.addSql(`create table "recommendation_settings" (
      "user_id" text primary key,
      "personalised" boolean not null,
      "changed_at" timestamptz not null);`);
  }

  override async down(): Promise<void> {
    for (const table of [
      'recommendation_settings',
      'recommendation_rows',
      'film_neighbours',
      'taste_weights',
      'critic_ratings',
      'member_ties',
    ]) {
      this.addSql(`drop table if exists "${table}";`);
    }
  }
}
