import type { FilmSummaryDto } from './dto/film-summary.dto';

/** The films read model's columns a film summary is made of, as FILM_SUMMARY_COLUMNS names them. */
export interface FilmSummaryRow {
  film_id: number;
  film_title: string | null;
  genre: string | null;
  duration_minutes: number | null;
  poster_url: string | null;
  creator_id: number | null;
}

/** Select-list entries of a film summary from the films read model joined as `f`. */
export const FILM_SUMMARY_COLUMNS =
  'f.title as film_title, f.genre, f.duration_minutes, f.poster_url, f.creator_id';

export function mapFilmSummary(row: FilmSummaryRow): FilmSummaryDto {
  return {
    id: row.film_id,
    title: row.film_title,
    genre: row.genre,
    durationMinutes: row.duration_minutes,
    posterUrl: row.poster_url,
    creatorId: row.creator_id,
  };
}
