import { Migration } from '@mikro-orm/migrations';

/**
 * The identity version of a user moves whenever what a signed session cookie vouches for stops
 * being true: a role or the admin flag changes, or one of the user's sessions is revoked. Cookies
 * carry the version they were signed at; the gateway sends any cookie older than its user's
 * current version back to auth (docs/accounts.md, "Sessions").
 *
 * Every committed change to a user notifies kinora_users with "<user id>:<identity version>", so
 * each auth replica drops its cached copy of the user and forwards identity changes to the
 * gateways.
 */
export class IdentityVersion20261124100000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "users"
        add column "identity_version" bigint not null default 0,
        add column "identity_changed_at" timestamptz null;`);
    this.addSql(`create index "users_identity_changed_idx" on "users" ("identity_changed_at");`);
    this.addSql(`
      create or replace function "kinora_users_identity_moved"() returns trigger language plpgsql as $$
      begin
        new.identity_version := old.identity_version + 1;
        new.identity_changed_at := now();
        return new;
      end $$;`);
    this.addSql(`
      create trigger "users_identity_moved" before update of "roles", "is_admin" on "users"
        for each row when (old.roles is distinct from new.roles or old.is_admin is distinct from new.is_admin)
        execute function "kinora_users_identity_moved"();`);
    this.addSql(`
      create or replace function "kinora_sessions_revoked"() returns trigger language plpgsql as $$
      begin
        update users set identity_version = identity_version + 1, identity_changed_at = now()
         where id = new.user_id;
        return null;
      end $$;`);
    this.addSql(`
      create trigger "sessions_revoked" after update of "revoked_at" on "sessions"
        for each row when (old.revoked_at is null and new.revoked_at is not null)
        execute function "kinora_sessions_revoked"();`);
    this.addSql(`
      create or replace function "kinora_users_notify"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('kinora_users', new.id || ':' || new.identity_version);
        return null;
      end $$;`);
    this.addSql(`
      create trigger "users_notify" after update on "users"
        for each row execute function "kinora_users_notify"();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists "users_notify" on "users";');
    this.addSql('drop function if exists "kinora_users_notify"();');
    this.addSql('drop trigger if exists "sessions_revoked" on "sessions";');
    this.addSql('drop function if exists "kinora_sessions_revoked"();');
    this.addSql('drop trigger if exists "users_identity_moved" on "users";');
    this.addSql('drop function if exists "kinora_users_identity_moved"();');
    this.addSql('alter table "users" drop column "identity_changed_at", drop column "identity_version";');
  }
}
