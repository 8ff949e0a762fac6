import { Migration } from '@mikro-orm/migrations';

/**
 * When a member deleted their account (docs/accounts.md, "Your data"): the row stays, anonymised,
 * so that ids other services hold still resolve and a late event cannot bring the profile back.
 */
export class AccountDeletion20261130140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "deleted_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" drop column "deleted_at";`);
  }
}
