import { Migration } from '@mikro-orm/migrations';

/**
 * The version of the creator's standing last applied from catalog.creator-standing-changed.v1
 * (is_verified is kept from it): an event is applied only if its version is higher, and once one
 * has been, catalog.creator-registered.v1 no longer sets is_verified (it may arrive later).
 */
export class CreatorStanding20261207100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "creators" add column "standing_version" bigint not null default 0;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "creators" drop column if exists "standing_version";');
  }
}
