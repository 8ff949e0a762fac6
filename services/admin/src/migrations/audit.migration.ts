import { Migration } from '@mikro-orm/migrations';

/**
 * The audit log: every admin action (and a member's export or deletion of their own account), one
 * row per AdminActionTaken event. Appended only: a trigger refuses any update, delete or truncate,
 * so not even a bug or a stray statement of the service itself rewrites history.
 */
export class AuditLog20261130110000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "audit_log" (
        "id" bigint generated always as identity primary key,
        "event_id" uuid not null unique,
        "at" timestamptz not null,
        "producer" text not null,
        "actor_user_id" text null,
        "action" text not null,
        "target_type" text not null,
        "target_id" text not null,
        "target_label" text not null default '',
        "reason" text not null default '',
        "details" jsonb not null default '{}'
      );`);
    this.addSql(`create index "audit_log_at_idx" on "audit_log" ("at" desc, "id" desc);`);
    this.addSql(`create index "audit_log_actor_idx" on "audit_log" ("actor_user_id", "at" desc);`);
    this.addSql(
      `create index "audit_log_target_idx" on "audit_log" ("target_type", "target_id", "at" desc);`,
    );
    this.addSql(`create index "audit_log_action_idx" on "audit_log" ("action", "at" desc);`);
    this.addSql(`
      create function "audit_log_append_only"() returns trigger language plpgsql as $$
      begin
        raise exception 'the audit log is append-only: % is refused', tg_op;
      end $$;`);
    this.addSql(`
      create trigger "audit_log_append_only" before update or delete on "audit_log"
        for each row execute function "audit_log_append_only"();`);
    this.addSql(`
      create trigger "audit_log_no_truncate" before truncate on "audit_log"
        for each statement execute function "audit_log_append_only"();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "audit_log";');
    this.addSql('drop function if exists "audit_log_append_only"();');
  }
}
