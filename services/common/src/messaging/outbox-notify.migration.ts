import { Migration } from '@mikro-orm/migrations';

/**
 * Every insert into the outbox notifies the channel kinora_outbox when its transaction commits, so
 * the relays of every process on this database (replicas, the seed) wake up at once instead of
 * polling.
 */
export class OutboxNotify20261123200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create or replace function "kinora_outbox_notify"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('kinora_outbox', '');
        return null;
      end $$;`);
    this.addSql(`
      create trigger "outbox_notify" after insert on "outbox"
        for each statement execute function "kinora_outbox_notify"();`);
  }

  override async down(): Promise<void> {
    this.addSql('drop trigger if exists "outbox_notify" on "outbox";');
    this.addSql('drop function if exists "kinora_outbox_notify"();');
  }
}
