import { Migration } from '@mikro-orm/migrations';

export class Prelaunch20261121006000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "waitlist" (
        "email" text primary key,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "feedback" (
        "id" bigserial primary key,
        "name" text null,
        "email" text not null,
        "vision" text not null,
        "created_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "feedback";');
    this.addSql('drop table if exists "waitlist";');
  }
}
