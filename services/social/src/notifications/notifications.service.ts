import { Injectable, NotFoundException } from '@nestjs/common';
import { pageOf } from '@kinora/common';
import { NOTIFICATIONS_DEFAULT_LIMIT } from '@kinora/contracts';
import type { NotificationDto, NotificationsQuery, UnreadCountDto } from './dto/notification.dto';
import { mapNotification } from './notification.mapper';
import {
  NotificationsRepository,
  type NotificationSubject,
  type Recipients,
} from './notifications.repository';

export type { NotificationSubject, Recipients };

/** Members' in-app notifications: every read or write is by the caller's own id. */
@Injectable()
export class NotificationsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  /**
   * Notifies every recipient of one subject, in the caller's transaction (an event handler's), with
   * one insert … select: a member already notified of this subject is skipped, so replays,
   * duplicates and a second publication change nothing. Answers how many notifications were created.
   */
  async notify(recipients: Recipients, subject: NotificationSubject): Promise<number> {
    if ('userIds' in recipients && recipients.userIds.length === 0) return 0;
    return this.notifications.notify(recipients, subject);
  }

  /** A creator's film was published: each of the creator's followers is told once. */
  notifyFilmPublished(film: { filmId: number; creatorId: number; title: string | null }): Promise<number> {
    return this.notify(
      { followersOfCreator: film.creatorId },
      { kind: 'film_published', subjectId: film.filmId, ...film },
    );
  }

  /** A critic published a review: each of the critic's followers is told once (edits included). */
  notifyCriticReview(review: {
    reviewId: number;
    criticId: number;
    filmId: number;
    title: string | null;
  }): Promise<number> {
    return this.notify(
      { followersOfCritic: review.criticId },
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
    const rows = await this.notifications.list(userId, pageOf(query, NOTIFICATIONS_DEFAULT_LIMIT));
    return rows.map(mapNotification);
  }

  async unreadCount(userId: string): Promise<UnreadCountDto> {
    return { count: await this.notifications.unreadCount(userId) };
  }

  /** Marks one of the member's notifications read (again is a no-op); another's is 404. */
  async markRead(userId: string, id: number): Promise<NotificationDto> {
    await this.notifications.markRead(userId, id);
    const row = await this.notifications.find(userId, id);
    if (!row) throw new NotFoundException(`Notification ${id} not found`);
    return mapNotification(row);
  }

  /** Marks all of the member's notifications read; answers the unread count after, 0. */
  async markAllRead(userId: string): Promise<UnreadCountDto> {
    await this.notifications.markAllRead(userId);
    return this.unreadCount(userId);
  }
}
