import { Migration } from '@mikro-orm/migrations';

/**
 * The version of a film's review totals last applied from social.film-rating-changed.v1: an event
 * is applied only if its version is higher, so duplicates, replays and late events change nothing.
 * rating_count (already there) is the film's review count.
 */
export class FilmRatings20261123001000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "films" add column "rating_version" bigint not null default 0;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "films" drop column if exists "rating_version";');
  }
}
