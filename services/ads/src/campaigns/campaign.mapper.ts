import type { AdDeviceType, CampaignDelivery, CampaignStatus } from '@kinora/contracts';
import { effectiveStatus, pacingStatus, targetingOf, toDollars, type Targeting } from './campaign-rules';
import type { CampaignDto } from './dto/campaign.dto';
import type { CreativeDto } from './dto/creative.dto';

/** A campaign row joined with its advertiser's name and its ledger figures. */
export interface CampaignRow {
  id: string;
  advertiser_id: string;
  advertiser_name: string;
  name: string;
  budget_micros: string;
  cpm_micros: string;
  starts_at: Date;
  ends_at: Date;
  delivery: CampaignDelivery;
  cap_per_viewer_day: number;
  cap_per_session: number;
  targeting: Partial<Targeting> | null;
  status: CampaignStatus;
  created_at: Date;
  updated_at: Date;
  spent_micros: string;
  impressions: string;
  clicks: string;
}

export interface CreativeRow {
  id: string;
  campaign_id: string;
  title: string;
  description: string;
  video_url: string;
  duration_seconds: number;
  click_url: string;
}

export function mapCreative(row: CreativeRow): CreativeDto {
  return {
    id: Number(row.id),
    campaignId: Number(row.campaign_id),
    title: row.title,
    description: row.description,
    videoUrl: row.video_url,
    duration: Number(row.duration_seconds),
    clickUrl: row.click_url,
  };
}

export function mapCampaign(row: CampaignRow, creatives: CreativeRow[], now: Date): CampaignDto {
  const startsAt = new Date(row.starts_at);
  const endsAt = new Date(row.ends_at);
  const targeting = targetingOf(row.targeting);
  return {
    id: Number(row.id),
    advertiserId: Number(row.advertiser_id),
    advertiserName: row.advertiser_name,
    name: row.name,
    status: row.status,
    effectiveStatus: effectiveStatus(row.status, endsAt, now),
    budget: toDollars(row.budget_micros),
    cpm: toDollars(row.cpm_micros),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    delivery: row.delivery,
    capPerViewerDay: row.cap_per_viewer_day,
    capPerSession: row.cap_per_session,
    targeting: { ...targeting, deviceTypes: targeting.deviceTypes as AdDeviceType[] },
    creatives: creatives.map(mapCreative),
    spent: toDollars(row.spent_micros),
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    pacing: pacingStatus({ budgetMicros: row.budget_micros, startsAt, endsAt }, row.spent_micros, now),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
