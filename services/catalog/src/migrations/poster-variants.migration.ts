import { Migration } from '@mikro-orm/migrations';

/**
 * The widths of a film's WebP poster variants (`poster-<width>.webp` beside `poster.jpg`), written
 * by catalog-worker with the poster. Films transcoded before keep none: clients use posterUrl alone.
 */
export class PosterVariants20261125100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "films" add column "poster_webp_widths" integer[] not null default '{}';`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table "films" drop column if exists "poster_webp_widths";');
  }
}
