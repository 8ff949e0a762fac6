import { Migration } from '@mikro-orm/migrations';

/**
 * Advertising creatives uploaded by admins: each finished upload is transcoded by catalog-worker
 * into MEDIA_ROOT/ads/upload-<id>/ (HLS, no watermark, no poster). The row follows its transcode
 * the way film_media follows a film's: queued → processing → ready | failed, with its progress.
 */
export class CreativeMedia20261124300000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "creative_media" (
        "id" serial primary key,
        "label" text not null check (char_length("label") between 1 and 100),
        "source_path" text not null,
        "status" text not null default 'queued' check ("status" in ('queued', 'processing', 'ready', 'failed')),
        "progress" integer not null default 0 check ("progress" between 0 and 100),
        "attempts" integer not null default 0,
        "failure_reason" text null,
        "duration_seconds" numeric(10, 3) null,
        "created_by" text not null,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "creative_media";');
  }
}
