import type { FilmStatus } from '@kinora/contracts';
import type { AnalyticsFilmDto } from './dto/creator-analytics.dto';

/** The films read model's columns a dashboard shows a film with. */
export interface AnalyticsFilmRow {
  id: number;
  title: string;
  genre: string;
  duration_minutes: number;
  duration_seconds: number;
  status: FilmStatus;
  poster_url: string | null;
}

export const ANALYTICS_FILM_COLUMNS =
  'f.id, f.title, f.genre, f.duration_minutes, f.duration_seconds, f.status, f.poster_url';

export function mapAnalyticsFilm(row: AnalyticsFilmRow): AnalyticsFilmDto {
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
export const meanRating = (sum: number, count: number): number =>
  count ? Math.round((Number(sum) / count) * 10) / 10 : 0;
