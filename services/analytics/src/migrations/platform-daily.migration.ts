import { Migration } from '@mikro-orm/migrations';

export class PlatformDaily20261121004000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "platform_daily" (
        "day" date primary key,
        "new_users" integer not null default 0,
        "computed_at" timestamptz not null default now()
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "platform_daily";');
  }
}
