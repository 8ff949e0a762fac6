import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { EventData } from '@kinora/common';
import type { CampaignChangedSchema } from '@kinora/proto';
import { effectiveStatus } from './campaign-rules';
import type { CampaignRecord } from './campaigns.repository';

/** What CampaignChanged tells of a campaign row; `status` is the status it is served with. */
export type CampaignFacts = Pick<
  CampaignRecord,
  'id' | 'name' | 'advertiser_name' | 'status' | 'budget_micros' | 'cpm_micros' | 'starts_at' | 'ends_at'
> & { updated_at: string | Date };

export function campaignChanged(
  campaign: CampaignFacts,
  options: { deleted?: boolean; now?: Date } = {},
): EventData<typeof CampaignChangedSchema> {
  const endsAt = new Date(campaign.ends_at);
  return {
    campaignId: String(campaign.id),
    name: campaign.name,
    advertiserName: campaign.advertiser_name,
    status: effectiveStatus(campaign.status, endsAt, options.now ?? new Date()),
    budgetMicros: BigInt(campaign.budget_micros),
    cpmMicros: BigInt(campaign.cpm_micros),
    startsAt: timestampFromDate(new Date(campaign.starts_at)),
    endsAt: timestampFromDate(endsAt),
    updatedAt: timestampFromDate(new Date(campaign.updated_at)),
    deleted: options.deleted ?? false,
  };
}
