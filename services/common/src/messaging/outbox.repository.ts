import { sql, type Kysely } from 'kysely';
import type { DB } from '../database.gen';

/** Only one relay per database publishes at a time, so events keep their outbox order. */
export const RELAY_LOCK = 74_202_611;

/** Published rows are kept this long (for inspection), then deleted. */
const KEEP_PUBLISHED = '3 days';

/** The outbox table's queries: what the relay publishes and how much waits. */
export class OutboxRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Takes the relay's lock for the current transaction, or answers false if another relay has it. */
  async tryRelayLock(): Promise<boolean> {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${RELAY_LOCK}) as locked`.execute(this.db);
    return rows[0]?.locked ?? false;
  }

  /** The oldest unpublished rows, in the order they were written. */
  unpublished(limit: number) {
    return this.db
      .selectFrom('outbox')
      .select(['id', 'topic', 'key', 'payload', 'headers'])
      .where('published_at', 'is', null)
      .orderBy('position')
      .limit(limit)
      .execute();
  }

  async markPublished(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('outbox')
      .set({ published_at: sql`now()` })
      .where('id', 'in', ids)
      .execute();
  }

  async deleteOldPublished(): Promise<void> {
    await this.db
      .deleteFrom('outbox')
      .where('published_at', '<', sql<string>`now() - ${KEEP_PUBLISHED}::interval`)
      .execute();
  }

  async backlog(): Promise<number> {
    const row = await this.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('published_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }
}
