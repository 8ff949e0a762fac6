import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, NotFoundException } from '@nestjs/common';
import { NOTIFICATIONS_DEFAULT_LIMIT, type NotificationKind } from '@kinora/contracts';
import type { NotificationDto, NotificationsQuery, UnreadCountDto } from './dto/notification.dto';
import { mapNotification, type NotificationRow } from './notification.mapper';

/** What a notification is about; subjectId is the film (film_published) or the review (critic_review). */
export interface NotificationSubject {
  kind: NotificationKind;
  subjectId: number;
  filmId: number;
  creatorId?: number | null;
  criticId?: number | null;
  title?: string | null;
}

/**
 * Who gets it: a list of member ids, or a query selecting one column of member ids (for example
 * `select user_id from follows where creator_id = ?`), so large audiences never pass through Node.
 */
export type Recipients = { userIds: readonly string[] } | { query: string; params: readonly unknown[] };

/** The newest notifications of one member, each with the film, creator and critic social knows of. */
const LIST_SELECT = `
  select n.id, n.kind, n.film_id, n.creator_id, n.critic_id, n.title, n.created_at, n.read_at,
         f.title as film_title, f.poster_url, u.first_name, u.last_name,
         cr.first_name as critic_first_name, cr.last_name as critic_last_name
    from notifications n
    left join films f on f.id = n.film_id
    left join creators c on c.id = n.creator_id
    left join known_users u on u.id = c.user_id
    left join critics cr on cr.id = n.critic_id`;

/** Members' in-app notifications: every read or write is by the caller's own id. */
@Injectable()
export class NotificationsService {
  constructor(private readonly em: EntityManager) {}

  /**
   * Notifies every recipient of one subject, in the caller's transaction, with one
   * insert … select: a member already notified of this subject is skipped, so replays, duplicates
   * and a second publication change nothing. Answers how many notifications were created.
   */
  async notify(em: EntityManager, recipients: Recipients, subject: NotificationSubject): Promise<number> {
    if ('userIds' in recipients && recipients.userIds.length === 0) return 0;
    // An array binding expands to one placeholder per element.
    const [source, sourceParams] =
      'userIds' in recipients
        ? ['select distinct unnest(array[?]::text[])', [recipients.userIds]]
        : [recipients.query, recipients.params];
    const created = await em.execute<unknown[]>(
      `insert into notifications (user_id, kind, subject_id, film_id, creator_id, critic_id, title)
       select r.user_id, ?, ?, ?, ?, ?, ? from (${source}) as r (user_id)
       on conflict (user_id, kind, subject_id) do nothing
       returning 1`,
      [
        subject.kind,
        subject.subjectId,
        subject.filmId,
        subject.creatorId ?? null,
        subject.criticId ?? null,
        subject.title ?? null,
        ...sourceParams,
      ],
    );
    return created.length;
  }

  /** A creator's film was published: each of the creator's followers is told once. */
  notifyFilmPublished(
    em: EntityManager,
    film: { filmId: number; creatorId: number; title: string | null },
  ): Promise<number> {
    return this.notify(
      em,
      { query: 'select user_id from follows where creator_id = ?', params: [film.creatorId] },
      { kind: 'film_published', subjectId: film.filmId, ...film },
    );
  }

  /** A critic published a review: each of the critic's followers is told once (edits included). */
  notifyCriticReview(
    em: EntityManager,
    review: { reviewId: number; criticId: number; filmId: number; title: string | null },
  ): Promise<number> {
    return this.notify(
      em,
      { query: 'select user_id from critic_follows where critic_id = ?', params: [review.criticId] },
      {
        kind: 'critic_review',
        subjectId: review.reviewId,
        filmId: review.filmId,
        criticId: review.criticId,
        title: review.title,
      },
    );
  }

  async list(userId: string, query: NotificationsQuery): Promise<NotificationDto[]> {
    const rows = await this.em
      .fork()
      .execute<NotificationRow[]>(
        `${LIST_SELECT} where n.user_id = ? order by n.created_at desc, n.id desc limit ? offset ?`,
        [userId, query.limit ?? NOTIFICATIONS_DEFAULT_LIMIT, query.offset ?? 0],
      );
    return rows.map(mapNotification);
  }

  async unreadCount(userId: string): Promise<UnreadCountDto> {
    const [row] = await this.em
      .fork()
      .execute<{ count: number }[]>(
        'select count(*)::int as count from notifications where user_id = ? and read_at is null',
        [userId],
      );
    return { count: row?.count ?? 0 };
  }

  /** Marks one of the member's notifications read (again is a no-op); another's is 404. */
  async markRead(userId: string, id: number): Promise<NotificationDto> {
    const em = this.em.fork();
    await em.execute(
      'update notifications set read_at = coalesce(read_at, now()) where id = ? and user_id = ?',
      [id, userId],
    );
    const [row] = await em.execute<NotificationRow[]>(`${LIST_SELECT} where n.id = ? and n.user_id = ?`, [
      id,
      userId,
    ]);
    if (!row) throw new NotFoundException(`Notification ${id} not found`);
    return mapNotification(row);
  }

  /** Marks all of the member's notifications read; answers the unread count after, 0. */
  async markAllRead(userId: string): Promise<UnreadCountDto> {
    await this.em
      .fork()
      .execute('update notifications set read_at = now() where user_id = ? and read_at is null', [userId]);
    return this.unreadCount(userId);
  }
}
