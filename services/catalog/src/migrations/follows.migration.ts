import { Migration } from '@mikro-orm/migrations';

/**
 * The version of a creator's follower count last applied from social.creator-follower-count-changed.v1:
 * an event is applied only if its version is higher, so duplicates, replays and late events change
 * nothing. follower_count (already there) is the count itself.
 */
export class CreatorFollowers20261123002000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "creators" add column "follower_version" bigint not null default 0;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "creators" drop column if exists "follower_version";');
  }
}
