import { Migration } from '@mikro-orm/migrations';

/**
 * The creator studio: a film's AI disclosure (jsonb: tools, parts, realLikeness, likenessConsent,
 * notes; null when never given), the reviewer's reason when a film is archived, its caption
 * tracks (one per language), and an index for the "same title by the same creator" check.
 */
export class Studio20261123100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "films" add column "ai_disclosure" jsonb null;');
    this.addSql('alter table "films" add column "moderation_reason" text null;');
    this.addSql(`
      create table "film_captions" (
        "film_id" integer not null references "films" ("id") on delete cascade,
        "language" text not null check (char_length("language") between 2 and 12),
        "label" text not null check (char_length("label") between 1 and 40),
        primary key ("film_id", "language")
      );`);
    this.addSql('create index "films_creator_title_idx" on "films" ("creator_id", lower("title"));');
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "films_creator_title_idx";');
    this.addSql('drop table if exists "film_captions";');
    this.addSql('alter table "films" drop column if exists "moderation_reason";');
    this.addSql('alter table "films" drop column if exists "ai_disclosure";');
  }
}
