import { GENRES } from '@kinora/contracts';
import { z } from 'zod';

import type { ServerFieldMap } from '@/lib/server-errors';

import {
  AD_DEVICE_TYPES,
  CAMPAIGN_DELIVERIES,
  CAMPAIGN_LIMITS,
  NEW_CAMPAIGN_STATUSES,
  splitList,
  type CampaignFormValues,
} from './campaign-form';

const isHttpUrl = (text: string) => {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** A dollar amount with at most 2 decimals within [min, max], else null. */
const dollars = (text: string, min: number, max: number): number | null => {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

const integer = (text: string, min: number, max: number): number | null => {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
};

const money = (value: number) => `$${value.toLocaleString('en')}`;

const L = CAMPAIGN_LIMITS;
const issue = (context: z.RefinementCtx, path: keyof CampaignFormValues, message: string) =>
  context.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });

const nameOf = (max: number, message: string) =>
  z.string().refine((text) => text.trim().length > 0 && text.trim().length <= max, message);
const whole = (min: number, max: number) =>
  z.string().refine((text) => integer(text, min, max) !== null, `A whole number from ${min} to ${max}.`);
const ageRange = `A whole number from ${L.ageMin} to ${L.ageMax}, or empty.`;
const optionalAge = z
  .string()
  .refine((text) => !text.trim() || integer(text, L.ageMin, L.ageMax) !== null, ageRange);
const httpUrl = (max: number, message: string) =>
  z.string().refine((text) => isHttpUrl(text.trim()) && text.trim().length <= max, message);

/**
 * The New Campaign form's rules, with the messages shown beside each field; the advertiser's
 * fields count for the chosen mode only, and the flight and age range are checked as pairs.
 */
export const campaignFormSchema = z
  .object({
    advertiserMode: z.enum(['existing', 'new']),
    advertiserId: z.string(),
    advertiserName: z.string(),
    advertiserWebsite: z.string(),
    name: nameOf(L.nameMax, `The name takes 1 to ${L.nameMax} characters.`),
    budget: z
      .string()
      .refine(
        (text) => dollars(text, L.budgetMin, L.budgetMax) !== null,
        `The budget is ${money(L.budgetMin)} to ${money(L.budgetMax)}, with at most 2 decimals.`,
      ),
    cpm: z
      .string()
      .refine(
        (text) => dollars(text, L.cpmMin, L.cpmMax) !== null,
        `The CPM bid is $0.10 to ${money(L.cpmMax)}, with at most 2 decimals.`,
      ),
    startsAt: z
      .string()
      .refine((text) => !Number.isNaN(Date.parse(text)), 'Choose when the campaign starts.'),
    endsAt: z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'Choose when the campaign ends.'),
    delivery: z.enum(CAMPAIGN_DELIVERIES),
    capPerViewerDay: whole(L.capPerViewerDay.min, L.capPerViewerDay.max),
    capPerSession: whole(L.capPerSession.min, L.capPerSession.max),
    status: z.enum(NEW_CAMPAIGN_STATUSES),
    genres: z.array(z.enum(GENRES)),
    countries: z.string().refine((text) => {
      const countries = splitList(text);
      return countries.length <= L.countriesMax && countries.every((code) => /^[A-Za-z]{2}$/.test(code));
    }, 'Two-letter country codes (ISO 3166-1), separated by commas.'),
    ageMin: optionalAge,
    ageMax: optionalAge,
    interests: z.string().refine((text) => {
      const interests = splitList(text);
      return (
        interests.length <= L.interestsMax && interests.every((interest) => interest.length <= L.interestMax)
      );
    }, `At most ${L.interestsMax} interests of up to ${L.interestMax} characters.`),
    deviceTypes: z.array(z.enum(AD_DEVICE_TYPES)),
    creativeTitle: nameOf(L.creativeTitleMax, `The ad's title takes 1 to ${L.creativeTitleMax} characters.`),
    creativeDescription: z
      .string()
      .refine(
        (text) => text.trim().length <= L.creativeDescriptionMax,
        `At most ${L.creativeDescriptionMax} characters.`,
      ),
    creativeVideoUrl: z.string().min(1, 'Choose the ad video.'),
    creativeDuration: z.string().refine((text) => {
      const duration = Number(text);
      return (
        text.trim() !== '' &&
        Number.isFinite(duration) &&
        duration >= L.creativeDurationMin &&
        duration <= L.creativeDurationMax
      );
    }, `${L.creativeDurationMin} to ${L.creativeDurationMax} seconds.`),
    creativeClickUrl: httpUrl(L.clickUrlMax, 'The click URL must be an http(s) URL.'),
  })
  .superRefine((values, context) => {
    if (values.advertiserMode === 'existing') {
      if (!values.advertiserId) issue(context, 'advertiserId', 'Choose an advertiser.');
    } else {
      const name = values.advertiserName.trim();
      if (!name || name.length > L.advertiserNameMax)
        issue(context, 'advertiserName', `The name takes 1 to ${L.advertiserNameMax} characters.`);
      const website = values.advertiserWebsite.trim();
      if (website && (!isHttpUrl(website) || website.length > L.websiteMax))
        issue(
          context,
          'advertiserWebsite',
          `The website must be an http(s) URL of at most ${L.websiteMax} characters.`,
        );
    }
    const starts = Date.parse(values.startsAt);
    const ends = Date.parse(values.endsAt);
    if (!Number.isNaN(starts) && !Number.isNaN(ends) && ends <= starts)
      issue(context, 'endsAt', 'The end must be after the start.');
    const ageMin = values.ageMin.trim() ? integer(values.ageMin, L.ageMin, L.ageMax) : null;
    const ageMax = values.ageMax.trim() ? integer(values.ageMax, L.ageMin, L.ageMax) : null;
    if (ageMin !== null && ageMax !== null && ageMin > ageMax)
      issue(context, 'ageMax', 'The oldest age cannot be under the youngest.');
  }) satisfies z.ZodType<CampaignFormValues>;

/** The fields a 400 of POST /api/ads/campaigns names (nested ones by their path). */
export const CAMPAIGN_SERVER_FIELDS: ServerFieldMap<CampaignFormValues> = {
  name: 'name',
  budget: 'budget',
  cpm: 'cpm',
  startsAt: 'startsAt',
  endsAt: 'endsAt',
  delivery: 'delivery',
  capPerViewerDay: 'capPerViewerDay',
  capPerSession: 'capPerSession',
  status: 'status',
  'targeting.countries': 'countries',
  'targeting.ageMin': 'ageMin',
  'targeting.ageMax': 'ageMax',
  'targeting.interests': 'interests',
  'creatives.0.title': 'creativeTitle',
  'creatives.0.description': 'creativeDescription',
  'creatives.0.videoUrl': 'creativeVideoUrl',
  'creatives.0.duration': 'creativeDuration',
  'creatives.0.clickUrl': 'creativeClickUrl',
};

/** The fields a 400 of POST /api/ads/advertisers names. */
export const ADVERTISER_SERVER_FIELDS: ServerFieldMap<CampaignFormValues> = {
  name: 'advertiserName',
  websiteUrl: 'advertiserWebsite',
};
