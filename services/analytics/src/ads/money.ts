/**
 * Ad money is summed in integer micro-dollars (1e-6 USD) and turned into dollars once, at the end
 * (docs/advertising.md#money), so totals equal exactly what was charged.
 */
const MICROS_PER_DOLLAR = 1_000_000n;

/** Micro-dollars (a bigint, or the text of a PostgreSQL sum) as a dollar number: 2750 → 0.00275. */
export const usd = (micros: bigint | string | number | null | undefined): number =>
  Number(BigInt(micros ?? 0)) / Number(MICROS_PER_DOLLAR);

/** Micro-dollars as exact dollar text with six decimals, for statements: 2750n → "0.002750". */
export function usdText(micros: bigint): string {
  const sign = micros < 0n ? '-' : '';
  const abs = micros < 0n ? -micros : micros;
  return `${sign}${abs / MICROS_PER_DOLLAR}.${(abs % MICROS_PER_DOLLAR).toString().padStart(6, '0')}`;
}

/** The share as the decimal text the earnings are computed with: 0.55 → "0.55". */
export const shareText = (share: number): string => String(share);
