import { Migration } from '@mikro-orm/migrations';

export class MessagingTables20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "outbox" (
        "id" uuid primary key,
        "position" bigserial not null,
        "topic" text not null,
        "key" text not null,
        "type" text not null,
        "payload" bytea not null,
        "headers" jsonb not null default '{}',
        "created_at" timestamptz not null default now(),
        "published_at" timestamptz null
      );`);
    this.addSql(
      `create index "outbox_unpublished_idx" on "outbox" ("position") where "published_at" is null;`,
    );
    this.addSql(`
      create table "processed_events" (
        "handler" text not null,
        "event_id" uuid not null,
        "topic" text not null,
        "processed_at" timestamptz not null default now(),
        primary key ("handler", "event_id")
      );`);
    this.addSql(`
      create table "dead_letters" (
        "id" bigserial primary key,
        "handler" text not null,
        "topic" text not null,
        "partition" integer not null,
        "offset" text not null,
        "event_id" text null,
        "error" text not null,
        "payload" bytea null,
        "created_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "dead_letters";');
    this.addSql('drop table if exists "processed_events";');
    this.addSql('drop table if exists "outbox";');
  }
}
