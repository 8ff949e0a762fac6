import type { ExpressionBuilder, ExpressionWrapper } from 'kysely';

/** `excluded.<column>` for each column: the values the conflicting insert proposed. */
export type ExcludedValues<
  DB extends { excluded: object },
  TB extends keyof DB,
  C extends keyof DB['excluded'],
> = {
  [K in C]: ExpressionWrapper<DB, TB, DB['excluded'][K]>;
};

/**
 * The SET of an upsert's conflict branch that takes the proposed row's value of each of `columns`
 * (`"<column>" = "excluded"."<column>"`, in the order given); spread it among the columns that
 * merge differently.
 */
export function takeExcluded<
  DB extends { excluded: object },
  TB extends keyof DB,
  C extends keyof DB['excluded'] & string,
>(eb: ExpressionBuilder<DB, TB>, columns: readonly C[]): ExcludedValues<DB, TB, C> {
  return Object.fromEntries(
    columns.map((column): [C, unknown] => [column, eb.ref(`excluded.${column}` as never)]),
  ) as ExcludedValues<DB, TB, C>;
}
