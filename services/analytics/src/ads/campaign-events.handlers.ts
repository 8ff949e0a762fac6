import { timestampDate } from '@bufbuild/protobuf/wkt';
import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import type { EventContext } from '@kinora/common';
import { CampaignChangedSchema, topicOf, type CampaignChanged } from '@kinora/proto';

/**
 * analytics' read model of campaigns (the admin's active campaigns and their budgets). Keyed by
 * campaign, and ordered by updated_at: an older version arriving late changes nothing, and a
 * deletion is final.
 */
@Controller()
export class CampaignEventsHandlers {
  @EventPattern(topicOf(CampaignChangedSchema), { ledgerKey: 'CampaignChangedHandler' })
  async changed(@Payload() event: CampaignChanged, @Ctx() context: EventContext): Promise<void> {
    if (!event.campaignId) return;
    await context.em.execute(
      `insert into ad_campaigns (id, name, advertiser_name, status, budget_micros, cpm_micros, starts_at, ends_at,
                                 updated_at, deleted)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (id) do update set name = excluded.name, advertiser_name = excluded.advertiser_name,
         status = excluded.status, budget_micros = excluded.budget_micros, cpm_micros = excluded.cpm_micros,
         starts_at = excluded.starts_at, ends_at = excluded.ends_at, updated_at = excluded.updated_at,
         deleted = excluded.deleted
       where not ad_campaigns.deleted and ad_campaigns.updated_at <= excluded.updated_at`,
      [
        event.campaignId,
        event.name,
        event.advertiserName,
        event.status,
        event.budgetMicros.toString(),
        event.cpmMicros.toString(),
        event.startsAt ? timestampDate(event.startsAt) : null,
        event.endsAt ? timestampDate(event.endsAt) : null,
        event.updatedAt ? timestampDate(event.updatedAt) : context.occurredAt,
        event.deleted,
      ],
    );
  }
}
