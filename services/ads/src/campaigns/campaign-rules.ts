// How campaigns are read and paced (docs/advertising.md); their limits are the contract's
// (@kinora/contracts), shared with the admin's campaign form.

import type { CampaignStatus, PacingStatus } from '@kinora/contracts';

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
