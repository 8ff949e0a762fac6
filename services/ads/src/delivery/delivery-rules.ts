// Placements, targeting and ad events (docs/advertising.md), as pure functions.
import { AdEventKind, PlacementType } from '@kinora/proto';
import type { Targeting } from '../campaigns/campaign-rules';

export const PLACEMENT_TYPES = ['pre_roll', 'mid_roll', 'post_roll'] as const;
export type PlacementTypeName = (typeof PLACEMENT_TYPES)[number];

export const AD_EVENTS = [
  'start',
  'first_quartile',
  'midpoint',
  'third_quartile',
  'complete',
  'skip',
  'click',
] as const;
export type AdEventName = (typeof AD_EVENTS)[number];

export const PLACEMENT_TYPE_OF: Record<PlacementTypeName, PlacementType> = {
  pre_roll: PlacementType.PRE_ROLL,
  mid_roll: PlacementType.MID_ROLL,
  post_roll: PlacementType.POST_ROLL,
};

export const AD_EVENT_KIND_OF: Record<AdEventName, AdEventKind> = {
  start: AdEventKind.START,
  first_quartile: AdEventKind.FIRST_QUARTILE,
  midpoint: AdEventKind.MIDPOINT,
  third_quartile: AdEventKind.THIRD_QUARTILE,
  complete: AdEventKind.COMPLETE,
  skip: AdEventKind.SKIP,
  click: AdEventKind.CLICK,
};

/** A post-roll is any break at or after this share of the film. */
export const POST_ROLL_SHARE = 0.9;
/** Films shorter than this have no mid-roll; shorter than MID_ROLL_EVERY_FROM, one at half. */
export const MID_ROLL_MIN_SECONDS = 120;
export const MID_ROLL_EVERY_FROM_SECONDS = 600;
export const MID_ROLL_INTERVAL_SECONDS = 300;

/** Position 0 is a pre-roll, at or after 90 % of the film a post-roll, anything else a mid-roll. */
export function placementTypeAt(position: number, durationSeconds: number): PlacementTypeName {
  if (position === 0) return 'pre_roll';
  if (position >= durationSeconds * POST_ROLL_SHARE) return 'post_roll';
  return 'mid_roll';
}

export interface Placement {
  position: number;
  placementType: PlacementTypeName;
}

/**
 * A film's breaks, ascending: a pre-roll at 0; no mid-roll under 2 minutes, one at half under
 * 10 minutes, else one every 5 minutes before 90 %; a post-roll at the film's end in whole seconds.
 */
export function placementsOf(durationSeconds: number): Placement[] {
  const positions = [0];
  if (durationSeconds >= MID_ROLL_EVERY_FROM_SECONDS) {
    for (
      let at = MID_ROLL_INTERVAL_SECONDS;
      at < durationSeconds * POST_ROLL_SHARE;
      at += MID_ROLL_INTERVAL_SECONDS
    ) {
      positions.push(at);
    }
  } else if (durationSeconds >= MID_ROLL_MIN_SECONDS) {
    positions.push(Math.floor(durationSeconds / 2));
  }
  const end = Math.floor(durationSeconds);
  if (end > positions[positions.length - 1]!) positions.push(end);
  return positions.map((position) => ({
    position,
    placementType: placementTypeAt(position, durationSeconds),
  }));
}

/** What a viewer is, as far as targeting goes. */
export interface ViewerProfile {
  genre: string;
  country: string;
  deviceType: string;
  age: number | null;
  interests: string[];
}

const includesFolded = (list: string[], value: string) =>
  list.some((item) => item.toLowerCase() === value.toLowerCase());

/**
 * Whether a campaign's targeting matches: every non-empty list holds the viewer's value; an age
 * range or interests match only viewers who declared an age in range or a shared interest.
 */
export function targetingMatches(targeting: Targeting, viewer: ViewerProfile): boolean {
  if (targeting.genres.length > 0 && !includesFolded(targeting.genres, viewer.genre)) return false;
  if (targeting.countries.length > 0 && !includesFolded(targeting.countries, viewer.country)) return false;
  if (targeting.deviceTypes.length > 0 && !includesFolded(targeting.deviceTypes, viewer.deviceType)) {
    return false;
  }
  if (targeting.ageMin !== null || targeting.ageMax !== null) {
    if (viewer.age === null) return false;
    if (targeting.ageMin !== null && viewer.age < targeting.ageMin) return false;
    if (targeting.ageMax !== null && viewer.age > targeting.ageMax) return false;
  }
  if (targeting.interests.length > 0) {
    if (!viewer.interests.some((interest) => includesFolded(targeting.interests, interest))) return false;
  }
  return true;
}
