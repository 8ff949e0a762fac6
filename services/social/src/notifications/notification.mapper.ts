import type { NotificationDto } from './dto/notification.dto';
import type { NotificationRecord } from './notifications.repository';

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part && part.trim()).join(' ');
  return name || null;
}

export function mapNotification(row: NotificationRecord): NotificationDto {
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
