import { usdText } from '../ads/money';

/** One month of one film in a creator's statement, in micro-dollars. */
export interface StatementRow {
  month: string;
  filmId: number;
  title: string;
  impressions: bigint;
  revenue: bigint;
  earnings: bigint;
}

export const STATEMENT_HEADER = [
  'Month',
  'Film ID',
  'Title',
  'Impressions',
  'Ad revenue (USD)',
  'Revenue share',
  'Earnings (USD)',
] as const;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled.
 * Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage return)
 * is prefixed with an apostrophe, so a film title cannot become one in the creator's spreadsheet.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The statement: a header, one row per month and film as given (amounts in dollars with six
 * decimals, exact), then a total row summing them. CRLF line ends, as RFC 4180 writes them.
 */
export function revenueStatementCsv(rows: StatementRow[], share: string): string {
  const line = (fields: string[]) => `${fields.map(csvField).join(',')}\r\n`;
  let total = { impressions: 0n, revenue: 0n, earnings: 0n };
  let csv = line([...STATEMENT_HEADER]);
  for (const row of rows) {
    total = {
      impressions: total.impressions + row.impressions,
      revenue: total.revenue + row.revenue,
      earnings: total.earnings + row.earnings,
    };
    csv += line([
      row.month,
      String(row.filmId),
      row.title,
      row.impressions.toString(),
      usdText(row.revenue),
      share,
      usdText(row.earnings),
    ]);
  }
  return (
    csv +
    line([
      'Total',
      '',
      '',
      total.impressions.toString(),
      usdText(total.revenue),
      share,
      usdText(total.earnings),
    ])
  );
}
