import { Migration } from '@mikro-orm/migrations';

/**
 * Members who deleted their account (docs/accounts.md, "Your data"): the audit log is never
 * rewritten, so its entries about them are shown as "Deleted user" by this list instead; the
 * address is kept only as its SHA-256, to recognise labels that were the address.
 */
export class ErasedMembers20261130150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "erased_members" (
        "user_id" text primary key,
        "email_sha256" text not null,
        "erased_at" timestamptz not null default now()
      );`);
    this.addSql('create index "erased_members_email_idx" on "erased_members" ("email_sha256");');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "erased_members";');
  }
}
