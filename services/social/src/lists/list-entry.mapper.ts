import type { ListType } from '@kinora/contracts';
import type { ListEntryDto } from './dto/list-entry.dto';

/** A row of ENTRY_SELECT: the entry with its film from the films read model. */
export interface ListEntryRow {
  id: number;
  film_id: number;
  list_type: ListType;
  created_at: Date;
  title: string | null;
  genre: string | null;
  duration_minutes: number | null;
  poster_url: string | null;
  creator_id: number | null;
}

export function mapListEntry(row: ListEntryRow): ListEntryDto {
  return {
    id: row.id,
    filmId: row.film_id,
    listType: row.list_type,
    createdAt: new Date(row.created_at).toISOString(),
    film: {
      id: row.film_id,
      title: row.title,
      genre: row.genre,
      durationMinutes: row.duration_minutes,
      posterUrl: row.poster_url,
      creatorId: row.creator_id,
    },
  };
}
