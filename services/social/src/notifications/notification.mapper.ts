import type { NotificationKind } from '@kinora/contracts';
import type { NotificationDto } from './dto/notification.dto';

/** A row of the notifications list query: the notification with its film, creator and critic. */
export interface NotificationRow {
  id: number;
  kind: NotificationKind;
  film_id: number;
  creator_id: number | null;
  critic_id: number | null;
  title: string | null;
  created_at: Date;
  read_at: Date | null;
  film_title: string | null;
  poster_url: string | null;
  first_name: string | null;
  last_name: string | null;
  critic_first_name: string | null;
  critic_last_name: string | null;
}

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part && part.trim()).join(' ');
  return name || null;
}

export function mapNotification(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    filmId: row.film_id,
    filmTitle: row.film_title ?? (row.kind === 'film_published' ? row.title : null),
    posterUrl: row.poster_url,
    creatorId: row.creator_id,
    creatorName: fullName(row.first_name, row.last_name),
    criticId: row.critic_id,
    criticName: fullName(row.critic_first_name, row.critic_last_name),
    title: row.title,
    createdAt: new Date(row.created_at).toISOString(),
    readAt: row.read_at ? new Date(row.read_at).toISOString() : null,
  };
}
