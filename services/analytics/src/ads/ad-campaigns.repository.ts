import { InjectQueryDb, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import type { Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** analytics' read model of campaigns (the admin's active campaigns and their budgets). */
@Injectable()
export class AdCampaignsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Applies a campaign's version unless a newer one is stored or the campaign is deleted (final). */
  async apply(campaign: Insertable<DB['ad_campaigns']>): Promise<void> {
    await this.db
      .insertInto('ad_campaigns')
      .values(campaign)
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) =>
            takeExcluded(eb, [
              'name',
              'advertiser_name',
              'status',
              'budget_micros',
              'cpm_micros',
              'starts_at',
              'ends_at',
              'updated_at',
              'deleted',
            ]),
          )
          .where((eb) =>
            eb.and([
              eb.not(eb.ref('ad_campaigns.deleted')),
              eb('ad_campaigns.updated_at', '<=', eb.ref('excluded.updated_at')),
            ]),
          ),
      )
      .execute();
  }
}
