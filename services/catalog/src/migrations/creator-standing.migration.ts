import { Migration } from '@mikro-orm/migrations';

/**
 * A creator's standing, as admins set it (docs/catalog.md, "Verification and suspension"):
 * - suspended_at / suspension_reason: set while the creator is suspended; their films and profile
 *   leave every public read (the films themselves are untouched and come back when it is lifted);
 * - standing_version: raised by each change of is_verified or of the suspension, and carried by
 *   catalog.creator-standing-changed.v1, so read models elsewhere keep the newest standing.
 * A change to creators already clears the public reads (the catalog_changed trigger).
 */
export class CreatorStanding20261130100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "creators"
        add column "suspended_at" timestamptz null,
        add column "suspension_reason" text null,
        add column "standing_version" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table "creators"
        drop column if exists "standing_version",
        drop column if exists "suspension_reason",
        drop column if exists "suspended_at";`);
  }
}
