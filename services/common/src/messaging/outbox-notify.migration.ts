import { Migration } from '@mikro-orm/migrations';

const CREATE = [
  `create or replace function "kinora_outbox_notify"() returns trigger language plpgsql as $$
   begin
     perform pg_notify('kinora_outbox', '');
     return null;
   end $$;`,
  `create trigger "outbox_notify" after insert on "outbox"
     for each statement execute function "kinora_outbox_notify"();`,
];
const DROP = [
  'drop trigger if exists "outbox_notify" on "outbox";',
  'drop function if exists "kinora_outbox_notify"();',
];

/**
 * Every insert into the outbox notified the channel kinora_outbox when its transaction committed,
 * so the relays of every process on the database woke up at once instead of polling.
 */
export class OutboxNotify20261123200000 extends Migration {
  override async up(): Promise<void> {
    for (const sql of CREATE) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const sql of DROP) this.addSql(sql);
  }
}

/**
 * Drops that trigger. A notifying commit holds PostgreSQL's database-wide notify lock through its
 * WAL flush, so every event-writing commit of a busy service (an ad impression, a review) queued
 * behind the others. The relay now wakes when its own process's transaction commits, and a
 * replica's rows are picked up by whichever relay holds the relay lock (outbox.relay.ts).
 */
export class OutboxNotifyDropped20261130000000 extends Migration {
  override async up(): Promise<void> {
    for (const sql of DROP) this.addSql(sql);
  }

  override async down(): Promise<void> {
    for (const sql of CREATE) this.addSql(sql);
  }
}
