import { Migration } from '@mikro-orm/migrations';

export class ModerationItems20261121003000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "moderation_items" (
        "film_id" bigint primary key,
        "title" text not null,
        "creator_id" bigint null,
        "creator_user_id" text null,
        "genre" text not null,
        "duration_minutes" integer not null,
        "poster_url" text null,
        "status" text not null,
        "updated_at" timestamptz not null
      );`);
    this.addSql(`create index "moderation_items_status_idx" on "moderation_items" ("status", "updated_at");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "moderation_items";');
  }
}
