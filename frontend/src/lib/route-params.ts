/** Route parameters. */

/** A positive integer route id ("12"), else null: "0", "-1", "1.5", "abc", "12abc" are all invalid. */
export function parsePositiveId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d*$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
