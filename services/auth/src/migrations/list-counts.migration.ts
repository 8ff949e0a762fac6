import { Migration } from '@mikro-orm/migrations';

/**
 * The member's saved-film counts, kept from social.list-counts-changed.v1: the counts of the
 * highest version seen, so a replayed or late event never overwrites newer counts.
 */
export class ListCounts20261123004200 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "users"
        add column "watchlist_count" integer not null default 0,
        add column "favorites_count" integer not null default 0,
        add column "list_counts_version" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table "users"
        drop column if exists "watchlist_count",
        drop column if exists "favorites_count",
        drop column if exists "list_counts_version";`);
  }
}
