import type { Selectable } from 'kysely';
import type { DB } from '../database.gen';
import type { FilmSummaryDto } from './dto/film-summary.dto';

/**
 * Select-list entries of a film summary from the films read model joined as `f` (the query selects
 * `film_id` itself, from the row that refers to the film).
 */
export const FILM_SUMMARY_COLUMNS = [
  'f.title as film_title',
  'f.genre',
  'f.duration_minutes',
  'f.poster_url',
  'f.creator_id',
] as const;

type Film = Selectable<DB['films']>;

/** What FILM_SUMMARY_COLUMNS select, with the film's id. */
export type FilmSummaryRecord = Pick<Film, 'genre' | 'duration_minutes' | 'poster_url' | 'creator_id'> & {
  film_id: number;
  film_title: Film['title'];
};

/** The film card every social read shows (list entries, critic reviews, recommendations). */
export function mapFilmSummary(row: FilmSummaryRecord): FilmSummaryDto {
  return {
    id: row.film_id,
    title: row.film_title,
    genre: row.genre,
    durationMinutes: row.duration_minutes,
    posterUrl: row.poster_url,
    creatorId: row.creator_id,
  };
}
