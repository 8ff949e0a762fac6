import type { FilmStatus } from '@kinora/contracts';
import type { Selectable } from 'kysely';
import type { DB } from '../database.gen';
import type { AnalyticsFilmDto } from './dto/creator-analytics.dto';

/**
 * The films read model's columns (films as `f`) a dashboard shows a film with, besides the status
 * (selected as a FilmStatus).
 */
export const ANALYTICS_FILM_COLUMNS = [
  'f.id',
  'f.title',
  'f.genre',
  'f.duration_minutes',
  'f.duration_seconds',
  'f.poster_url',
] as const;

export type AnalyticsFilmRecord = Pick<
  Selectable<DB['films']>,
  'id' | 'title' | 'genre' | 'duration_minutes' | 'duration_seconds' | 'poster_url'
> & { status: FilmStatus };

export function mapAnalyticsFilm(row: AnalyticsFilmRecord): AnalyticsFilmDto {
  return {
    id: row.id,
    title: row.title,
    genre: row.genre,
    duration: row.duration_minutes,
    durationSeconds: Number(row.duration_seconds),
    status: row.status,
    posterUrl: row.poster_url,
  };
}

/** A mean member rating out of 10 with one decimal, 0 without reviews. */
export const meanRating = (sum: number | string, count: number): number =>
  count ? Math.round((Number(sum) / count) * 10) / 10 : 0;
