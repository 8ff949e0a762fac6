import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { AdEvents } from '../database.gen';
import type { Db } from '../db';

/** The ad events ledger: each (session, creative, break, event) once. Written on every tracking call. */
@Injectable()
export class AdEventsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  async recorded(key: {
    session_id: string;
    creative_id: number;
    position: number;
    kind: string;
  }): Promise<boolean> {
    const row = await this.db.prepared
      .selectFrom('ad_events')
      .select('id')
      .where('session_id', '=', key.session_id)
      .where('creative_id', '=', String(key.creative_id))
      .where('position', '=', key.position)
      .where('kind', '=', key.kind)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The new event's id; undefined when it was recorded already. */
  async insert(event: Insertable<AdEvents> & { occurred_at: string }): Promise<string | undefined> {
    const inserted = await this.db.prepared
      .insertInto('ad_events')
      .values(event)
      .onConflict((conflict) =>
        conflict.columns(['session_id', 'creative_id', 'position', 'kind']).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  }

  async setCharge(id: string, chargeMicros: bigint): Promise<void> {
    await this.db.prepared
      .updateTable('ad_events')
      .set({ charge_micros: chargeMicros.toString() })
      .where('id', '=', id)
      .execute();
  }
}
