import { mapFilmSummary } from '../films/film-summary.mapper';
import type { ListEntryDto } from './dto/list-entry.dto';
import type { ListEntryRecord } from './lists.repository';

export function mapListEntry(row: ListEntryRecord): ListEntryDto {
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
