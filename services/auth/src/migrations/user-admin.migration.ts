import { Migration } from '@mikro-orm/migrations';

/**
 * What admins manage accounts by (docs/accounts.md, "Managing accounts"): a suspension and its
 * reason, the creator and critic profiles the account holds (from catalog's and social's events),
 * and when each session was last used. Searching by email or name uses trigram indexes.
 */
export class UserAdmin20261130120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "users"
        add column "suspended_at" timestamptz null,
        add column "suspension_reason" text null,
        add column "creator_id" bigint null,
        add column "critic_id" bigint null;`);
    this.addSql(`alter table "sessions" add column "last_seen_at" timestamptz null;`);
    this.addSql(
      `create index "sessions_user_live_idx" on "sessions" ("user_id") where "revoked_at" is null;`,
    );
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`
      create index "users_search_idx" on "users" using gin (
        (email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '')) gin_trgm_ops
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists "users_search_idx";');
    this.addSql('drop index if exists "sessions_user_live_idx";');
    this.addSql('alter table "sessions" drop column "last_seen_at";');
    this.addSql(`
      alter table "users" drop column "suspended_at", drop column "suspension_reason",
        drop column "creator_id", drop column "critic_id";`);
  }
}
