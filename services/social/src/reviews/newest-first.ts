import type { Page } from '@kinora/common';
import { sql, type SelectQueryBuilder } from 'kysely';

// Member reviews and critic reviews are both selected as `r`: these name its columns by that alias.

/** Newest review first; among reviews written at the same moment, the later id first. */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return query.orderBy(sql.ref('r.created_at'), 'desc').orderBy(sql.ref('r.id'), 'desc');
}

/** Which page of which film's reviews. */
export interface FilmPage extends Page {
  filmId: number;
}

/** One page of a film's reviews, newest first. */
export function filmPageNewestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: FilmPage,
): SelectQueryBuilder<DB, TB, O> {
  return newestFirst(query.where(sql.ref<number>('r.film_id'), '=', page.filmId))
    .limit(page.limit)
    .offset(page.offset);
}
