import { InjectQueryDb, type Page } from '@kinora/common';
import type { NotificationKind } from '@kinora/contracts';
import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { Db } from '../db';

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
 * Who gets it: a list of member ids, or the followers of a creator or of a critic (selected in the
 * database, so large audiences never pass through Node).
 */
export type Recipients =
  { userIds: readonly string[] } | { followersOfCreator: number } | { followersOfCritic: number };

/** A notification of one member, with the film, creator and critic social knows of. */
function notificationSelect(db: Db, userId: string) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('films as f', 'f.id', 'n.film_id')
    .leftJoin('creators as c', 'c.id', 'n.creator_id')
    .leftJoin('known_users as u', 'u.id', 'c.user_id')
    .leftJoin('critics as cr', 'cr.id', 'n.critic_id')
    .select((eb) => [
      'n.id',
      eb.ref('n.kind').$castTo<NotificationKind>().as('kind'),
      'n.film_id',
      'n.creator_id',
      'n.critic_id',
      'n.title',
      'n.created_at',
      'n.read_at',
      'f.title as film_title',
      'f.poster_url',
      'u.first_name',
      'u.last_name',
      'cr.first_name as critic_first_name',
      'cr.last_name as critic_last_name',
    ])
    .where('n.user_id', '=', userId);
}

export type NotificationRecord = Awaited<
  ReturnType<ReturnType<typeof notificationSelect>['executeTakeFirstOrThrow']>
>;

/** Members' in-app notifications: every read or write is by the member's own id. */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** The recipients' ids, one column named user_id. */
  private recipients(recipients: Recipients) {
    if ('userIds' in recipients) {
      return this.db
        .selectNoFrom(sql<string>`unnest(${recipients.userIds}::text[])`.as('user_id'))
        .distinct();
    }
    if ('followersOfCreator' in recipients) {
      return this.db
        .selectFrom('follows')
        .select('user_id')
        .where('creator_id', '=', recipients.followersOfCreator);
    }
    return this.db
      .selectFrom('critic_follows')
      .select('user_id')
      .where('critic_id', '=', recipients.followersOfCritic);
  }

  /**
   * Notifies every recipient of one subject with one insert … select: a member already notified
   * of this subject is skipped. Answers how many notifications were created.
   */
  async notify(recipients: Recipients, subject: NotificationSubject): Promise<number> {
    const created = await this.db
      .insertInto('notifications')
      .columns(['user_id', 'kind', 'subject_id', 'film_id', 'creator_id', 'critic_id', 'title'])
      .expression(
        this.db
          .selectFrom(this.recipients(recipients).as('r'))
          .select((eb) => [
            'r.user_id',
            eb.val(subject.kind).as('kind'),
            eb.val(subject.subjectId).as('subject_id'),
            eb.val(subject.filmId).as('film_id'),
            eb.val(subject.creatorId ?? null).as('creator_id'),
            eb.val(subject.criticId ?? null).as('critic_id'),
            eb.val(subject.title ?? null).as('title'),
          ]),
      )
      .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'subject_id']).doNothing())
      .executeTakeFirst();
    return Number(created.numInsertedOrUpdatedRows ?? 0n);
  }

  /** The member's notifications, newest first. */
  list(userId: string, page: Page): Promise<NotificationRecord[]> {
    return notificationSelect(this.db, userId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  find(userId: string, id: number): Promise<NotificationRecord | undefined> {
    return notificationSelect(this.db, userId).where('n.id', '=', id).executeTakeFirst();
  }

  async unreadCount(userId: string): Promise<number> {
    const { count } = await this.db
      .selectFrom('notifications')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return count;
  }

  /** Marks one of the member's notifications read; again changes nothing. */
  async markRead(userId: string, id: number): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set((eb) => ({ read_at: eb.fn.coalesce('read_at', eb.fn<string>('now')) }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async markAllRead(userId: string): Promise<void> {
    await this.db
      .updateTable('notifications')
      .set((eb) => ({ read_at: eb.fn('now') }))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }
}
