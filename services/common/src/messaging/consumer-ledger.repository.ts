import { sql, type Kysely } from 'kysely';
import type { DB } from '../database.gen';

export interface DeadLetter {
  handler: string;
  topic: string;
  partition: number;
  offset: string;
  eventId: string | null;
  error: string;
  payload: Buffer | null;
}

/** The consumer's ledger of handled events (processed_events) and its dead letters. */
export class ConsumerLedgerRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Records that `handler` handled the event: false when it already had (a redelivery). */
  async record(handler: string, eventId: string, topic: string): Promise<boolean> {
    const inserted = await this.db
      .insertInto('processed_events')
      .values({ handler, event_id: eventId, topic })
      .onConflict((conflict) => conflict.doNothing())
      .returning(sql<number>`1`.as('inserted'))
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async deadLetter(letter: DeadLetter): Promise<void> {
    await this.db
      .insertInto('dead_letters')
      .values({
        handler: letter.handler,
        topic: letter.topic,
        partition: letter.partition,
        offset: letter.offset,
        event_id: letter.eventId,
        error: letter.error,
        payload: letter.payload,
      })
      .execute();
  }
}
