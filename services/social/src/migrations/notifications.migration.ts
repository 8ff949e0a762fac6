import { Migration } from '@mikro-orm/migrations';

/**
 * In-app notifications. One row per member, kind and subject (the film for film_published, the
 * review for critic_review): fan-out inserts skip rows already there, so a replayed or duplicated
 * event, or a film published a second time, never notifies twice.
 */
export class Notifications20261123004000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "notifications" (
        "id" serial primary key,
        "user_id" text not null,
        "kind" text not null check ("kind" in ('film_published', 'critic_review')),
        "subject_id" integer not null,
        "film_id" integer not null,
        "creator_id" integer null,
        "critic_id" integer null,
        "title" text null,
        "created_at" timestamptz not null default now(),
        "read_at" timestamptz null,
        constraint "notifications_user_kind_subject_unique" unique ("user_id", "kind", "subject_id")
      );`);
    this.addSql(
      'create index "notifications_newest_idx" on "notifications" ("user_id", "created_at" desc, "id" desc);',
    );
    this.addSql(
      'create index "notifications_unread_idx" on "notifications" ("user_id") where "read_at" is null;',
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "notifications";');
  }
}
