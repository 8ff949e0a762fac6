/** Values compared by what they hold: dates by instant, big integers by digits, objects by content. */
const comparable = (value: unknown): string =>
  JSON.stringify(value ?? null, (_key, inner: unknown) =>
    typeof inner === 'bigint' ? inner.toString() : inner,
  );

/**
 * The fields of `after` whose values differ from `before`, under the names given in `names` where it
 * has one: what an audit entry of a change lists in its details.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  names: Partial<Record<keyof T, string>> = {},
): string[] {
  return (Object.keys(after) as (keyof T)[])
    .filter((key) => comparable(before[key]) !== comparable(after[key]))
    .map((key) => names[key] ?? String(key));
}
