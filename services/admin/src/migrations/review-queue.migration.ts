import { Migration } from '@mikro-orm/migrations';

/**
 * The details a moderator needs (from the extended film-status-changed event), the decisions
 * themselves, the one-mail-per-decision record, and member reports.
 */
export class ReviewQueue20261123010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table "moderation_items"
        add column "description" text not null default '',
        add column "language" text not null default '',
        add column "release_year" integer null,
        add column "video_url" text null,
        add column "ai_disclosure" jsonb null,
        add column "submitted_at" timestamptz null,
        add column "reason" text null,
        add column "decided_at" timestamptz null;`);
    // The review queue: pending, playable, undecided, oldest submitted first.
    this.addSql(`
      create index "moderation_items_queue_idx" on "moderation_items" ("submitted_at", "film_id")
        where "status" = 'pending' and "video_url" is not null and "decided_at" is null;`);
    this.addSql(`
      create table "moderation_decisions" (
        "id" bigserial primary key,
        "film_id" bigint not null,
        "decision" text not null check ("decision" in ('published', 'archived')),
        "reason" text null,
        "reviewer_user_id" text not null,
        "decided_at" timestamptz not null default now()
      );`);
    this.addSql(`create index "moderation_decisions_film_idx" on "moderation_decisions" ("film_id");`);
    // At most one approval mail and one rejection mail per film, whatever is redelivered.
    this.addSql(`
      create table "decision_mails" (
        "film_id" bigint not null,
        "status" text not null,
        "sent_at" timestamptz not null default now(),
        primary key ("film_id", "status")
      );`);
    this.addSql(`
      create table "reports" (
        "id" bigserial primary key,
        "reporter_user_id" text not null,
        "subject_type" text not null check ("subject_type" in ('film', 'review')),
        "subject_id" bigint not null,
        "reason" text not null,
        "details" text null,
        "status" text not null default 'open' check ("status" in ('open', 'resolved', 'dismissed')),
        "note" text null,
        "resolved_by" text null,
        "created_at" timestamptz not null default now(),
        "resolved_at" timestamptz null
      );`);
    // One open report per member and subject: reporting it again returns the open one.
    this.addSql(`
      create unique index "reports_open_once_idx" on "reports" ("reporter_user_id", "subject_type", "subject_id")
        where "status" = 'open';`);
    this.addSql(`create index "reports_status_idx" on "reports" ("status", "created_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "reports";');
    this.addSql('drop table if exists "decision_mails";');
    this.addSql('drop table if exists "moderation_decisions";');
    this.addSql('drop index if exists "moderation_items_queue_idx";');
    this.addSql(`
      alter table "moderation_items"
        drop column if exists "description", drop column if exists "language",
        drop column if exists "release_year", drop column if exists "video_url",
        drop column if exists "ai_disclosure", drop column if exists "submitted_at",
        drop column if exists "reason", drop column if exists "decided_at";`);
  }
}
