import { Migration } from '@mikro-orm/migrations';

export class Films20261121002000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table "films" (
        "id" bigint primary key,
        "genre" text not null,
        "duration_minutes" integer not null,
        "status" text not null,
        "updated_at" timestamptz not null
      );`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists "films";');
  }
}
