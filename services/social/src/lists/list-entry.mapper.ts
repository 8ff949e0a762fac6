import type { ListType } from '@kinora/contracts';
import { mapFilmSummary, type FilmSummaryRow } from '../films/film-summary.mapper';
import type { ListEntryDto } from './dto/list-entry.dto';

/** A row of ENTRY_SELECT: the entry with its film from the films read model. */
export interface ListEntryRow extends FilmSummaryRow {
  id: number;
  film_id: number;
  list_type: ListType;
  created_at: Date;
  progress_seconds: number | null;
  duration_seconds: number | null;
}

export function mapListEntry(row: ListEntryRow): ListEntryDto {
  return {
    id: row.id,
    filmId: row.film_id,
    listType: row.list_type,
    createdAt: new Date(row.created_at).toISOString(),
    progressSeconds: row.progress_seconds,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    film: mapFilmSummary(row),
  };
}
