import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { AdEvents } from '../database.gen';
import type { Db } from '../db';

/** The ad events ledger: each (session, creative, break, event) once. Written on every tracking call. */
@Injectable()
export class AdEventsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

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

  /**
   * A member deleted their account: their ad events stay in every figure and charge but name no
   * member any more (the viewer key, an opaque id, keeps frequency caps as they were).
   */
  async unlink(userId: string): Promise<void> {
    await this.db.updateTable('ad_events').set({ user_id: null }).where('user_id', '=', userId).execute();
  }
}
