import { InjectQueryDb } from '@kinora/common';
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
          .doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            advertiser_name: eb.ref('excluded.advertiser_name'),
            status: eb.ref('excluded.status'),
            budget_micros: eb.ref('excluded.budget_micros'),
            cpm_micros: eb.ref('excluded.cpm_micros'),
            starts_at: eb.ref('excluded.starts_at'),
            ends_at: eb.ref('excluded.ends_at'),
            updated_at: eb.ref('excluded.updated_at'),
            deleted: eb.ref('excluded.deleted'),
          }))
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
