import { Migration } from '@mikro-orm/migrations';

/**
 * Where the member stopped in a continue_watching film, in seconds (null on the other lists). It is
 * written from viewing progress, never by the list calls.
 */
export class WatchProgress20261123004300 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      'alter table "list_entries" add column "progress_seconds" integer null check ("progress_seconds" >= 0);',
    );
  }

  override async down(): Promise<void> {
    this.addSql('alter table "list_entries" drop column if exists "progress_seconds";');
  }
}
