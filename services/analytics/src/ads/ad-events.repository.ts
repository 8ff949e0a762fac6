import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** An ad event as stored in ad_events; its bucket is the film and the UTC day it occurred. */
export type AdEventRow = Omit<Selectable<DB['ad_events']>, 'seq' | 'stored_at'>;

const COLUMNS = [
  'event_id',
  'session_id',
  'ad_id',
  'kind',
  'campaign_id',
  'advertiser_name',
  'film_id',
  'placement_type',
  'position_seconds',
  'charge_micros',
  'user_id',
  'device_type',
  'country',
  'view_duration_seconds',
  'occurred_at',
  'day',
] as const satisfies readonly (keyof AdEventRow)[];

/** The stored ad events: each once per (session, ad, break position, kind). */
@Injectable()
export class AdEventsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Stores a batch in one statement (one parameter, however many rows); events stored before add nothing. */
  async insert(rows: AdEventRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('ad_events')
      .columns(COLUMNS)
      .expression((eb) =>
        eb
          .selectFrom(
            sql<AdEventRow>`json_populate_recordset(null::ad_events, ${JSON.stringify(rows)}::json)`.as('r'),
          )
          .select(COLUMNS),
      )
      .onConflict((conflict) =>
        conflict.columns(['session_id', 'ad_id', 'position_seconds', 'kind']).doNothing(),
      )
      .execute();
  }
}
