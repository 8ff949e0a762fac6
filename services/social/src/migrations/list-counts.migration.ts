import { Migration } from '@mikro-orm/migrations';

/**
 * The version of each member's saved-film counts (watchlist and favorites): it grows by one with
 * every real add or remove, and social.list-counts-changed.v1 carries it, so auth keeps the newest.
 */
export class ListCounts20261123004100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "list_count_versions" (
        "user_id" text primary key,
        "version" bigint not null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "list_count_versions";');
  }
}
