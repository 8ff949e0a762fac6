import type { AdvertiserRecord } from './advertisers.repository';
import type { AdvertiserDto } from './dto/advertiser.dto';

export function mapAdvertiser(row: AdvertiserRecord): AdvertiserDto {
  return {
    id: Number(row.id),
    name: row.name,
    websiteUrl: row.website_url,
    createdAt: new Date(row.created_at).toISOString(),
    campaignCount: Number(row.campaign_count),
  };
}
