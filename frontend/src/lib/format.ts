/** Display formats shared by the film and creator screens. */

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('en');

/** 950 → "950", 1234 → "1.2K", 2_500_000 → "2.5M". */
export const formatCompactCount = (value: number): string => compact.format(value);

/** 1234 → "1,234". */
export const formatCount = (value: number): string => whole.format(value);

const plural = (count: number, one: string, many = `${one}s`) => `${count === 1 ? one : many}`;

/** "1.2K views", "1 view". */
export const formatViews = (count: number): string => `${formatCompactCount(count)} ${plural(count, 'view')}`;

/** "1.2K followers", "1 follower". */
export const formatFollowers = (count: number): string =>
  `${formatCompactCount(count)} ${plural(count, 'follower')}`;

/** "3 films", "1 film". */
export const formatFilmCount = (count: number): string => `${formatCount(count)} ${plural(count, 'film')}`;

/** A film's length in minutes (the API's `duration`): 24 → "24 min". */
export const formatMinutes = (minutes: number): string => `${minutes} min`;

/** Player time display: seconds → "m:ss" (minutes are not wrapped into hours). */
export function formatClock(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  const rest = total % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** A rating string out of 10 ("7.0") as a number of stars out of 5, rounded to the nearest half. */
export function starsOutOfFive(rating: string | number): number {
  const outOfTen = Number(rating);
  if (!Number.isFinite(outOfTen) || outOfTen <= 0) return 0;
  return Math.min(5, Math.round(outOfTen) / 2);
}

/** Whether a rating string means "nobody has rated this yet" ("0.0"). */
export const isUnrated = (rating: string | number): boolean => !(Number(rating) > 0);

/**
 * A creator's average rating is the mean of their film ratings, to one decimal.
 * Films nobody has rated ("0.0") are left out, as the server's own stats do; null when none is rated.
 */
export function averageRating(ratings: (string | number)[]): number | null {
  const rated = ratings.map(Number).filter((value) => Number.isFinite(value) && value > 0);
  if (rated.length === 0) return null;
  const mean = rated.reduce((sum, value) => sum + value, 0) / rated.length;
  return Math.round(mean * 10) / 10;
}

/** A rating string out of 10 shown out of 5 with one decimal: "7.4" → "3.7". */
export const formatRatingOutOfFive = (rating: string | number): string =>
  (Math.max(0, Number(rating) || 0) / 2).toFixed(1);

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Infinity],
];

/** How long ago an ISO time was, in words: "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  let value = (Date.parse(iso) - now) / 1000;
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) < 45) return 'just now';
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return '';
}

/** Seconds of watching as hours and minutes: 3725 → "1h 2m", 360000 → "100h 0m"; under a minute in seconds: 40 → "40s". */
export function formatWatchTime(seconds: number): string {
  const total = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  // Under a minute, the seconds: a first view must not read as nothing watched.
  if (total > 0 && total < 60) return `${Math.round(total)}s`;
  const minutes = Math.floor(total / 60);
  return `${formatCount(Math.floor(minutes / 60))}h ${minutes % 60}m`;
}

/** Seconds as hours with one decimal: 5400 → "1.5", 4_500_000 → "1,250". */
export const formatHours = (seconds: number): string =>
  new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(Math.max(0, seconds) / 3600);

/** Dollars: 1234.5 → "$1,234.50"; `digits` 4 for unit costs: 0.09 → "$0.0900". */
export const formatDollars = (value: number, digits = 2): string =>
  new Intl.NumberFormat('en', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(Number.isFinite(value) ? value : 0);

/** A percentage already in percent: 12.5 → "12.5%", 40 → "40%". */
export const formatPercent = (percent: number, digits = 1): string =>
  `${new Intl.NumberFormat('en', { maximumFractionDigits: digits }).format(percent)}%`;

/** A share 0–1 as a whole percentage: 0.834 → "83%". */
export const formatShare = (share: number): string => `${Math.round(Math.max(0, share) * 100)}%`;

/**
 * What is left of a film: whole minutes rounded up ("5 min left" for 260 s), and "<1 min left"
 * under a minute, so a short film never reads "0 min left".
 */
export function formatTimeLeft(secondsLeft: number): string {
  if (secondsLeft < 60) return '<1 min left';
  return `${formatMinutes(Math.ceil(secondsLeft / 60))} left`;
}

const dayFormat = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar day of the API ("2025-03-04") as "Mar 4", whatever the viewer's time zone. */
export const formatDay = (date: string): string => {
  const parsed = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(parsed) ? dayFormat.format(parsed) : date;
};

/** A moment of the API (an ISO timestamp) as its day in the viewer's time zone: "Mar 4, 2025". */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' });

/** A month of the API ("2025-03") as "Mar 2025". */
export const formatMonth = (month: string): string => {
  const parsed = Date.parse(`${month}-01T00:00:00Z`);
  return Number.isFinite(parsed) ? monthFormat.format(parsed) : month;
};

// Made on first use: building it loads the browser's region names, a cost every page would pay at
// startup for the few screens that name a country.
let regionNames: Intl.DisplayNames | null | undefined;
const getRegionNames = () => {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  return regionNames;
};

/** An ISO 3166-1 alpha-2 code as the country's name ("DE" → "Germany"); anything else as it is. */
export function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return getRegionNames()?.of(code) ?? code;
  } catch {
    return code;
  }
}
