import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { EventData } from '@kinora/common';
import type { CampaignChangedSchema } from '@kinora/proto';
import { type CampaignStatus } from '@kinora/contracts';
import { effectiveStatus } from './campaign-rules';

/** What CampaignChanged tells of a campaign row; `status` is the status it is served with. */
export interface CampaignFacts {
  id: string;
  name: string;
  advertiser_name: string;
  status: CampaignStatus;
  budget_micros: string;
  cpm_micros: string;
  starts_at: Date;
  ends_at: Date;
  updated_at: Date;
}

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
