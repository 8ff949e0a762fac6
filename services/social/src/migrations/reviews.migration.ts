import { Migration } from '@mikro-orm/migrations';

export class Reviews20261123001000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "films" (
        "id" integer primary key,
        "status" text not null,
        "rating_version" bigint not null default 0,
        "updated_at" timestamptz not null
      );`);
    this.addSql(`
      create table "reviews" (
        "id" serial primary key,
        "film_id" integer not null references "films" ("id"),
        "user_id" text not null,
        "rating" smallint not null check ("rating" between 1 and 10),
        "review" text not null,
        "created_at" timestamptz not null default now(),
        "edited_at" timestamptz null,
        constraint "reviews_film_id_user_id_unique" unique ("film_id", "user_id")
      );`);
    this.addSql(
      'create index "reviews_film_newest_idx" on "reviews" ("film_id", "created_at" desc, "id" desc);',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "reviews";');
    this.addSql('drop table if exists "films";');
  }
}
