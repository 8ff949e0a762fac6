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
