// The rules of advertisers, campaigns and creatives (docs/advertising.md), written once for the
// DTOs, the services and the delivery path.

export const ADVERTISER_NAME_MAX_LENGTH = 100;
export const WEBSITE_URL_MAX_LENGTH = 200;

export const CAMPAIGN_NAME_MAX_LENGTH = 100;
/** Budget over the flight, dollars (at most 2 decimals). */
export const BUDGET_MIN = 1;
export const BUDGET_MAX = 1_000_000;
/** CPM bid, dollars (at most 2 decimals): one impression charges CPM / 1000. */
export const CPM_MIN = 0.1;
export const CPM_MAX = 1_000;
export const CAP_PER_VIEWER_DAY_MIN = 1;
export const CAP_PER_VIEWER_DAY_MAX = 100;
export const CAP_PER_VIEWER_DAY_DEFAULT = 3;
export const CAP_PER_SESSION_MIN = 1;
export const CAP_PER_SESSION_MAX = 10;
export const CAP_PER_SESSION_DEFAULT = 1;

export const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_DELIVERIES = ['even', 'asap'] as const;
export type CampaignDelivery = (typeof CAMPAIGN_DELIVERIES)[number];
export const PACING_STATUSES = ['on_pace', 'behind', 'ahead', 'not_started', 'ended'] as const;
export type PacingStatus = (typeof PACING_STATUSES)[number];

/** Targeting: what a viewer must match; an empty list (or no age bound) matches everyone. */
export const AD_DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'tv'] as const;
export type AdDeviceType = (typeof AD_DEVICE_TYPES)[number];
export const TARGET_AGE_MIN = 13;
export const TARGET_AGE_MAX = 120;
export const TARGET_COUNTRIES_MAX = 250;
export const TARGET_INTERESTS_MAX = 20;
export const INTEREST_MAX_LENGTH = 50;

export interface Targeting {
  genres: string[];
  countries: string[];
  ageMin: number | null;
  ageMax: number | null;
  interests: string[];
  deviceTypes: string[];
}

export const NO_TARGETING: Targeting = {
  genres: [],
  countries: [],
  ageMin: null,
  ageMax: null,
  interests: [],
  deviceTypes: [],
};

export const CREATIVE_TITLE_MAX_LENGTH = 100;
export const CREATIVE_DESCRIPTION_MAX_LENGTH = 500;
export const CREATIVE_DURATION_MIN = 1;
export const CREATIVE_DURATION_MAX = 120;
export const CLICK_URL_MAX_LENGTH = 2048;
/** Creatives one campaign may hold. */
export const CREATIVES_PER_CAMPAIGN_MAX = 20;

/** A stored targeting (jsonb, possibly older or partial) read with every field present. */
export function targetingOf(stored: Partial<Targeting> | null | undefined): Targeting {
  return {
    genres: stored?.genres ?? [],
    countries: stored?.countries ?? [],
    ageMin: stored?.ageMin ?? null,
    ageMax: stored?.ageMax ?? null,
    interests: stored?.interests ?? [],
    deviceTypes: stored?.deviceTypes ?? [],
  };
}

const MICROS_PER_DOLLAR = 1_000_000;

/** Dollars (at most 6 decimals) to integer micro-dollars. */
export const toMicros = (dollars: number): bigint => BigInt(Math.round(dollars * MICROS_PER_DOLLAR));

/** Micro-dollars to dollars, as the API shows them. */
export const toDollars = (micros: bigint | string | number): number => Number(micros) / MICROS_PER_DOLLAR;

/** What one impression charges: CPM / 1000, in micro-dollars. */
export const impressionPriceMicros = (cpmMicros: bigint | string): bigint => BigInt(cpmMicros) / 1000n;

/** The status a campaign is served as: `ended` once its end has passed, whatever is stored. */
export function effectiveStatus(status: CampaignStatus, endsAt: Date, now: Date): CampaignStatus {
  return endsAt.getTime() <= now.getTime() ? 'ended' : status;
}

/** How far through its flight a campaign is, from 0 to 1. */
export function flightElapsed(startsAt: Date, endsAt: Date, now: Date): number {
  const flight = endsAt.getTime() - startsAt.getTime();
  if (flight <= 0) return 1;
  return Math.min(1, Math.max(0, (now.getTime() - startsAt.getTime()) / flight));
}

/** How spend compares with budget × elapsed / flight: within ±10 % is on pace. */
export const PACING_TOLERANCE = 0.1;

export function pacingStatus(
  campaign: { budgetMicros: bigint | string; startsAt: Date; endsAt: Date },
  spentMicros: bigint | string,
  now: Date,
): PacingStatus {
  if (now.getTime() < campaign.startsAt.getTime()) return 'not_started';
  if (now.getTime() >= campaign.endsAt.getTime()) return 'ended';
  const expected = Number(campaign.budgetMicros) * flightElapsed(campaign.startsAt, campaign.endsAt, now);
  const spent = Number(spentMicros);
  if (spent < expected * (1 - PACING_TOLERANCE)) return 'behind';
  if (spent > expected * (1 + PACING_TOLERANCE)) return 'ahead';
  return 'on_pace';
}
