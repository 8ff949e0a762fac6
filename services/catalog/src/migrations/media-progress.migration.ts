import { Migration } from '@mikro-orm/migrations';

/**
 * How far a film's transcode has come, in whole percent (0..100): written by catalog-worker from
 * ffmpeg's progress output while it runs, 100 once the media is ready.
 */
export class MediaProgress20261123003000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table "film_media" add column "progress" integer not null default 0 check ("progress" between 0 and 100);',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table "film_media" drop column if exists "progress";');
  }
}
