import {
  AD_DEVICE_TYPES,
  ADVERTISER_NAME_MAX_LENGTH,
  BUDGET_MAX,
  BUDGET_MIN,
  CAMPAIGN_DELIVERIES,
  CAMPAIGN_NAME_MAX_LENGTH,
  CAP_PER_SESSION_DEFAULT,
  CAP_PER_SESSION_MAX,
  CAP_PER_SESSION_MIN,
  CAP_PER_VIEWER_DAY_DEFAULT,
  CAP_PER_VIEWER_DAY_MAX,
  CAP_PER_VIEWER_DAY_MIN,
  CLICK_URL_MAX_LENGTH,
  CPM_MAX,
  CPM_MIN,
  CREATIVE_DESCRIPTION_MAX_LENGTH,
  CREATIVE_DURATION_MAX,
  CREATIVE_DURATION_MIN,
  CREATIVE_TITLE_MAX_LENGTH,
  INTEREST_MAX_LENGTH,
  TARGET_AGE_MAX,
  TARGET_AGE_MIN,
  TARGET_COUNTRIES_MAX,
  TARGET_INTERESTS_MAX,
  WEBSITE_URL_MAX_LENGTH,
} from '@kinora/contracts';
import type {
  AdDeviceType,
  CampaignDelivery,
  CampaignStatus,
  CampaignTargetingInput,
  CreateAdvertiserInput,
  CreateCampaignInput,
} from '@/lib/api/types';

/**
 * The limits of advertisers, campaigns and creatives (docs/advertising.md, from @kinora/contracts),
 * checked before the form is sent; the ads service checks the same ones and its message is shown
 * when it refuses.
 */
export const CAMPAIGN_LIMITS = {
  nameMax: CAMPAIGN_NAME_MAX_LENGTH,
  advertiserNameMax: ADVERTISER_NAME_MAX_LENGTH,
  websiteMax: WEBSITE_URL_MAX_LENGTH,
  budgetMin: BUDGET_MIN,
  budgetMax: BUDGET_MAX,
  cpmMin: CPM_MIN,
  cpmMax: CPM_MAX,
  capPerViewerDay: {
    min: CAP_PER_VIEWER_DAY_MIN,
    max: CAP_PER_VIEWER_DAY_MAX,
    default: CAP_PER_VIEWER_DAY_DEFAULT,
  },
  capPerSession: { min: CAP_PER_SESSION_MIN, max: CAP_PER_SESSION_MAX, default: CAP_PER_SESSION_DEFAULT },
  ageMin: TARGET_AGE_MIN,
  ageMax: TARGET_AGE_MAX,
  countriesMax: TARGET_COUNTRIES_MAX,
  interestsMax: TARGET_INTERESTS_MAX,
  interestMax: INTEREST_MAX_LENGTH,
  creativeTitleMax: CREATIVE_TITLE_MAX_LENGTH,
  creativeDescriptionMax: CREATIVE_DESCRIPTION_MAX_LENGTH,
  creativeDurationMin: CREATIVE_DURATION_MIN,
  creativeDurationMax: CREATIVE_DURATION_MAX,
  clickUrlMax: CLICK_URL_MAX_LENGTH,
} as const;

export { AD_DEVICE_TYPES, CAMPAIGN_DELIVERIES };
/** The statuses a new campaign may start in (ended is the flight's doing). */
export const NEW_CAMPAIGN_STATUSES = [
  'draft',
  'active',
  'paused',
] as const satisfies readonly CampaignStatus[];

export type CampaignFormValues = {
  /** Pick an existing advertiser, or create one with the campaign. */
  advertiserMode: 'existing' | 'new';
  advertiserId: string;
  advertiserName: string;
  advertiserWebsite: string;
  name: string;
  budget: string;
  cpm: string;
  /** datetime-local values, in the browser's time zone. */
  startsAt: string;
  endsAt: string;
  delivery: CampaignDelivery;
  capPerViewerDay: string;
  capPerSession: string;
  status: (typeof NEW_CAMPAIGN_STATUSES)[number];
  genres: NonNullable<CampaignTargetingInput['genres']>;
  /** Comma-separated ISO 3166-1 alpha-2 codes. */
  countries: string;
  ageMin: string;
  ageMax: string;
  /** Comma-separated. */
  interests: string;
  deviceTypes: AdDeviceType[];
  creativeTitle: string;
  creativeDescription: string;
  creativeVideoUrl: string;
  creativeDuration: string;
  creativeClickUrl: string;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date as a datetime-local value (local time, to the minute). */
export const toLocalInput = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A new campaign runs from now for this many days unless changed. */
const DEFAULT_FLIGHT_DAYS = 30;

export const emptyCampaignForm = (now: Date = new Date()): CampaignFormValues => ({
  advertiserMode: 'existing',
  advertiserId: '',
  advertiserName: '',
  advertiserWebsite: '',
  name: '',
  budget: '',
  cpm: '',
  startsAt: toLocalInput(now),
  endsAt: toLocalInput(new Date(now.getTime() + DEFAULT_FLIGHT_DAYS * DAY_MS)),
  delivery: 'even',
  capPerViewerDay: String(CAMPAIGN_LIMITS.capPerViewerDay.default),
  capPerSession: String(CAMPAIGN_LIMITS.capPerSession.default),
  status: 'draft',
  genres: [],
  countries: '',
  ageMin: '',
  ageMax: '',
  interests: '',
  deviceTypes: [],
  creativeTitle: '',
  creativeDescription: '',
  creativeVideoUrl: '',
  creativeDuration: '',
  creativeClickUrl: '',
});

/** A comma-separated list: trimmed, blanks dropped, repeats (case-insensitively) dropped. */
export const splitList = (text: string): string[] => {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of text.split(',')) {
    const item = raw.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    items.push(item);
  }
  return items;
};

/** POST /api/ads/advertisers's body for a new advertiser. */
export const toAdvertiserInput = (values: CampaignFormValues): CreateAdvertiserInput => {
  const website = values.advertiserWebsite.trim();
  return { name: values.advertiserName.trim(), ...(website ? { websiteUrl: website } : {}) };
};

/** POST /api/ads/campaigns's body from a valid form, for `advertiserId`. */
export function toCampaignInput(values: CampaignFormValues, advertiserId: number): CreateCampaignInput {
  const age = (text: string) => (text.trim() ? Number(text) : null);
  return {
    advertiserId,
    name: values.name.trim(),
    budget: Number(values.budget),
    cpm: Number(values.cpm),
    startsAt: new Date(values.startsAt).toISOString(),
    endsAt: new Date(values.endsAt).toISOString(),
    delivery: values.delivery,
    capPerViewerDay: Number(values.capPerViewerDay),
    capPerSession: Number(values.capPerSession),
    status: values.status,
    targeting: {
      genres: values.genres,
      countries: splitList(values.countries).map((code) => code.toUpperCase()),
      ageMin: age(values.ageMin),
      ageMax: age(values.ageMax),
      interests: splitList(values.interests),
      deviceTypes: values.deviceTypes,
    },
    creatives: [
      {
        title: values.creativeTitle.trim(),
        description: values.creativeDescription.trim(),
        videoUrl: values.creativeVideoUrl,
        duration: Number(values.creativeDuration),
        clickUrl: values.creativeClickUrl.trim(),
      },
    ],
  };
}

/**
 * What an uploaded ad video is listed as in the picker: the ad's title when one is typed, else the
 * file's name without its extension; at most as long as a creative's title.
 */
export function creativeUploadLabel(title: string, fileName: string): string {
  const name = title.trim() || fileName.replace(/\.[^.]+$/, '').trim() || 'Ad video';
  return name.slice(0, CAMPAIGN_LIMITS.creativeTitleMax).trim();
}
