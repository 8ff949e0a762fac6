import { Migration } from '@mikro-orm/migrations';

export class Users20261121001000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "users" (
        "id" uuid primary key,
        "email" text not null unique,
        "first_name" text null,
        "last_name" text null,
        "profile_image_url" text null,
        "is_admin" boolean not null default false,
        "roles" text[] not null default '{}',
        "subscription_type" text not null default 'free' check ("subscription_type" in ('free', 'premium')),
        "subscription_expiry" timestamptz null,
        "version" bigint not null default 0,
        "created_at" timestamptz not null default now(),
        "updated_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "users";');
  }
}
