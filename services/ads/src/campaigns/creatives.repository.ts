import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { Creatives } from '../database.gen';
import { deleteById, now, type Db } from '../db';

const CREATIVE_COLUMNS = [
  'id',
  'campaign_id',
  'title',
  'description',
  'video_url',
  'duration_seconds',
  'click_url',
] as const;

type CreativeWrite = Pick<
  Insertable<Creatives>,
  'title' | 'description' | 'video_url' | 'duration_seconds' | 'click_url'
>;

/** The creatives table: the ads of each campaign. */
@Injectable()
export class CreativesRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** The creatives of these campaigns, oldest first (delivery loads them on every cache miss). */
  ofCampaigns(campaignIds: string[]) {
    return this.db.prepared
      .selectFrom('creatives')
      .select(CREATIVE_COLUMNS)
      .where((eb) => eb('campaign_id', '=', eb.fn.any(eb.val(campaignIds))))
      .orderBy('id')
      .execute();
  }

  insert(campaignId: number, creative: CreativeWrite) {
    return this.db
      .insertInto('creatives')
      .values({ campaign_id: campaignId, ...creative })
      .returning(CREATIVE_COLUMNS)
      .executeTakeFirstOrThrow();
  }

  /** Sets the fields given; undefined when there is no such creative. */
  update(id: number, changes: Partial<CreativeWrite>) {
    return this.db
      .updateTable('creatives')
      .set({ ...changes, updated_at: now() })
      .where('id', '=', String(id))
      .returning(CREATIVE_COLUMNS)
      .executeTakeFirst();
  }

  /** The creative as it is, locked (`for update`) until the caller's transaction ends. */
  lockForUpdate(id: number) {
    return this.db
      .selectFrom('creatives')
      .select(CREATIVE_COLUMNS)
      .where('id', '=', String(id))
      .forUpdate()
      .executeTakeFirst();
  }

  /** False when there is no such creative. */
  delete(id: number): Promise<boolean> {
    return deleteById(this.db, 'creatives', id);
  }
}

export type CreativeRecord = Awaited<ReturnType<CreativesRepository['ofCampaigns']>>[number];
