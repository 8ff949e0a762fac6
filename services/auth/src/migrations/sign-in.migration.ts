import { Migration } from '@mikro-orm/migrations';

export class SignInAndSessions20261121005000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "sign_in_codes" (
        "email" text primary key,
        "code_hash" text not null,
        "attempts" integer not null default 0,
        "expires_at" timestamptz not null,
        "created_at" timestamptz not null default now()
      );`);
    this.addSql(`
      create table "sessions" (
        "token_hash" text primary key,
        "user_id" uuid not null references "users" ("id") on delete cascade,
        "created_at" timestamptz not null default now(),
        "expires_at" timestamptz not null,
        "revoked_at" timestamptz null,
        "user_agent" text null
      );`);
    this.addSql(`create index "sessions_user_idx" on "sessions" ("user_id");`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "sessions";');
    this.addSql('drop table if exists "sign_in_codes";');
  }
}
