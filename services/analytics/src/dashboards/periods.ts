/** UTC calendar helpers shared by the dashboards. */

const DAY_MS = 86_400_000;

export const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The last `days` UTC days, oldest first, ending today. */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => isoDay(new Date(today - (days - 1 - i) * DAY_MS)));
}

/** The last `months` UTC months as YYYY-MM, oldest first, ending this month. */
export function lastMonths(months: number, now = new Date()): string[] {
  return Array.from({ length: months }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1 - i), 1))
      .toISOString()
      .slice(0, 7),
  );
}

/** Percent with one decimal; 0 of 0 is 0. */
export const percent = (part: number, whole: number): number =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

/** Sums rows of (day → value) onto a day series. */
export function byDay<T extends { day: string | Date }>(rows: T[]): Map<string, T> {
  return new Map(
    rows.map((row) => [typeof row.day === 'string' ? row.day.slice(0, 10) : isoDay(row.day), row]),
  );
}

/** Each day of `series` with the figures `of` that day's row (undefined on a day without one). */
export function onSeries<T extends { day: string | Date }, F extends object>(
  series: string[],
  rows: T[],
  of: (row: T | undefined) => F,
): ({ date: string } & F)[] {
  const rowOf = byDay(rows);
  return series.map((date) => ({ date, ...of(rowOf.get(date)) }));
}
