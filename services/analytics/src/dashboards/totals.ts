import type { Expression, ExpressionBuilder } from 'kysely';

/**
 * A total that is 0 over no rows (`coalesce(total, 0)`), cast to an int4 count or to a float8
 * (seconds, rating sums) so that it comes back as a number.
 */
export function totalOrZero<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  total: Expression<unknown>,
  type: 'integer' | 'float8',
) {
  return eb.cast<number>(eb.fn.coalesce(total, eb.lit(0)), type);
}
