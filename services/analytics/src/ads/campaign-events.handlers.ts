import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CampaignChangedSchema, topicOf, type CampaignChanged } from '@kinora/proto';
import { AdCampaignsRepository } from './ad-campaigns.repository';

const iso = (stamp: CampaignChanged['startsAt']) => (stamp ? timestampDate(stamp).toISOString() : null);

/**
 * analytics' read model of campaigns (the admin's active campaigns and their budgets). Keyed by
 * campaign, and ordered by updated_at: an older version arriving late changes nothing, and a
 * deletion is final.
 */
@Controller()
export class CampaignEventsHandlers {
  constructor(private readonly campaigns: AdCampaignsRepository) {}

  @EventPattern(topicOf(CampaignChangedSchema), { ledgerKey: 'CampaignChangedHandler' })
  async changed(@Payload() event: CampaignChanged, @Ctx() context: EventContext): Promise<void> {
    if (!event.campaignId) return;
    await this.campaigns.apply({
      id: event.campaignId,
      name: event.name,
      advertiser_name: event.advertiserName,
      status: event.status,
      budget_micros: event.budgetMicros.toString(),
      cpm_micros: event.cpmMicros.toString(),
      starts_at: iso(event.startsAt),
      ends_at: iso(event.endsAt),
      updated_at: iso(event.updatedAt) ?? context.occurredAt.toISOString(),
      deleted: event.deleted,
    });
  }
}
