import type { AdDeviceType } from '@kinora/contracts';
import { effectiveStatus, pacingStatus, targetingOf, toDollars } from './campaign-rules';
import type { CampaignRecord } from './campaigns.repository';
import type { CreativeRecord } from './creatives.repository';
import type { CampaignDto } from './dto/campaign.dto';
import type { CreativeDto } from './dto/creative.dto';

export function mapCreative(row: CreativeRecord): CreativeDto {
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

export function mapCampaign(row: CampaignRecord, creatives: CreativeRecord[], now: Date): CampaignDto {
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
