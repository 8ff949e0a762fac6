import { Migration } from '@mikro-orm/migrations';

/**
 * A creator's suspension from catalog.creator-standing-changed.v1 (docs/catalog.md, "Verification
 * and suspension"): the public reads of social that list films (a critic's profile and
 * recommendations) leave a suspended creator's films out. standing_version is the event's version
 * last applied: only a higher one changes the row, so duplicates and late events change nothing.
 */
export class CreatorStanding20261130100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "creators"
        add column "suspended" boolean not null default false,
        add column "standing_version" bigint not null default 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`
      alter table "creators"
        drop column if exists "standing_version",
        drop column if exists "suspended";`);
  }
}
