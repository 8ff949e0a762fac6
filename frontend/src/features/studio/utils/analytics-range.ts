import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  ANALYTICS_RANGES_DAYS,
  type AnalyticsRangeDays,
} from '@kinora/contracts';

import { isApiError } from '@/lib/api-client';

/** The dashboard's ?days= (7, 30 or 90); anything else is the default range. */
export function parseRangeDays(raw: string | null): AnalyticsRangeDays {
  const days = Number(raw);
  return (ANALYTICS_RANGES_DAYS as readonly number[]).includes(days)
    ? (days as AnalyticsRangeDays)
    : ANALYTICS_DEFAULT_RANGE_DAYS;
}

export const RANGE_OPTIONS = ANALYTICS_RANGES_DAYS.map((days) => ({ value: days, label: `${days} days` }));

/** What the creator is told when their figures cannot be shown. */
export function analyticsErrorText(error: unknown): string {
  if (!isApiError(error)) return 'Your figures could not be loaded. Check your connection and try again.';
  switch (error.status) {
    case 401:
      return 'You are signed out. Sign in again to see your figures.';
    case 403:
      return "You can only see your own creator profile's figures.";
    case 404:
      return 'No figures were found for your creator profile.';
    default:
      return 'Your figures could not be loaded right now. Try again in a moment.';
  }
}
