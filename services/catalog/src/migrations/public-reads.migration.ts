import { Migration } from '@mikro-orm/migrations';

/** Every table the public reads (film lists, search, trending, film and creator pages) are made from. */
const TABLES = ['films', 'creators', 'known_users', 'film_captions', 'film_views'];

/**
 * The public reads' invalidation and the film list's order:
 * - any committed change to those tables notifies the channel catalog_changed once per statement
 *   (PostgreSQL folds a transaction's identical notifications into one), on which every catalog
 *   process clears its public read cache (src/reads/public-read-cache.ts);
 * - the published films in the list's `featured` (the default) and `newest` orders, so a page is
 *   read off an index instead of sorting every published film. They hold no column that counted
 *   views or ratings change, so those updates stay heap-only (HOT).
 */
export class PublicReads20261124100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create or replace function "catalog_changed_notify"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('catalog_changed', '');
        return null;
      end $$;`);
    for (const table of TABLES) {
      this.addSql(`
        create trigger "${table}_changed" after insert or update or delete or truncate on "${table}"
          for each statement execute function "catalog_changed_notify"();`);
    }
    this.addSql(`
      create index "films_published_featured_idx"
        on "films" ("is_featured" desc, (coalesce("published_at", "created_at")) desc, "id" desc)
        where "status" = 'published';`);
    this.addSql(`
      create index "films_published_newest_idx"
        on "films" ((coalesce("published_at", "created_at")) desc, "id" desc)
        where "status" = 'published';`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "films_published_newest_idx";');
    this.addSql('drop index if exists "films_published_featured_idx";');
    for (const table of TABLES) this.addSql(`drop trigger if exists "${table}_changed" on "${table}";`);
    this.addSql('drop function if exists "catalog_changed_notify"();');
  }
}
