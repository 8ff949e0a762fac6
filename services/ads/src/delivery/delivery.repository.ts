import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { deliveryTermColumns, spentMicros } from '../campaigns/campaigns.repository';
import { now, type Db } from '../db';

/**
 * What ad selection reads of campaigns, on every cache miss and every impression: named prepared
 * statements (db.prepared), each planned once per connection.
 */
@Injectable()
export class DeliveryRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Campaigns with this status whose flight has not ended and that have a creative, with their advertiser's name and spend. */
  liveCampaigns(status: string) {
    return this.db.prepared
      .selectFrom('campaigns as c')
      .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
      .select((eb) => ['c.id', 'a.name as advertiser_name', ...deliveryTermColumns(eb), spentMicros(eb)])
      .where('c.status', '=', status)
      .where('c.ends_at', '>', now())
      .where((eb) =>
        eb.exists(
          eb.selectFrom('creatives as r').whereRef('r.campaign_id', '=', 'c.id').select(sql.lit(1).as('one')),
        ),
      )
      .execute();
  }

  /** What an impression of a campaign needs: its advertiser's name and its budget; undefined once the campaign is deleted. */
  chargeTerms(campaignId: number) {
    return this.db.prepared
      .selectFrom('campaigns as c')
      .innerJoin('advertisers as a', 'a.id', 'c.advertiser_id')
      .select(['a.name as advertiser_name', 'c.budget_micros'])
      .where('c.id', '=', String(campaignId))
      .executeTakeFirst();
  }
}
