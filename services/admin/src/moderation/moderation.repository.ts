import type { AiDisclosureDto } from '@kinora/common';
import { InjectQueryDb, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

/** The review queue: pending, playable (its video is ready) and not yet decided here. */
function inQueue(eb: ExpressionBuilder<{ i: DB['moderation_items'] }, 'i'>) {
  return eb.and([
    eb('i.status', '=', 'pending'),
    eb('i.video_url', 'is not', null),
    eb('i.decided_at', 'is', null),
  ]);
}

/** A film of the queue joined with its creator's account, when known. */
function pendingFilmSelect(db: Db) {
  return db
    .selectFrom('moderation_items as i')
    .leftJoin('known_users as u', 'u.id', 'i.creator_user_id')
    .where(inQueue)
    .selectAll('i')
    .select((eb) => [
      eb.ref('i.ai_disclosure').$castTo<AiDisclosureDto | null>().as('ai_disclosure'),
      'u.id as u_id',
      'u.email as u_email',
      'u.first_name as u_first_name',
      'u.last_name as u_last_name',
      'u.profile_image_url as u_profile_image_url',
    ])
    .$narrowType<{ video_url: string }>();
}

export type PendingFilmRecord = Awaited<
  ReturnType<ReturnType<typeof pendingFilmSelect>['executeTakeFirstOrThrow']>
>;

/** A film as catalog's status events describe it, kept in the queue's read model. */
export type ModerationItemState = Omit<Insertable<DB['moderation_items']>, 'ai_disclosure' | 'decided_at'> & {
  ai_disclosure: object | null;
};

/**
 * Moderation's tables: moderation_items (the review queue, kept from catalog's film events), the
 * decisions taken on them and the mails sent about those decisions.
 */
@Injectable()
export class ModerationRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Films waiting for review and open reports, in one round trip. */
  async counts(): Promise<{ pending: number; open: number }> {
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('moderation_items as i')
          .where(inQueue)
          .select(sql<number>`count(*)::int`.as('n'))
          .as('pending'),
        eb
          .selectFrom('reports')
          .where('status', '=', 'open')
          .select(sql<number>`count(*)::int`.as('n'))
          .as('open'),
      ])
      .executeTakeFirstOrThrow();
    return { pending: row.pending!, open: row.open! };
  }

  /** The queue, oldest submitted first. */
  pending(limit: number, offset: number): Promise<PendingFilmRecord[]> {
    return pendingFilmSelect(this.db)
      .orderBy((eb) => eb.fn.coalesce('i.submitted_at', 'i.updated_at'))
      .orderBy('i.film_id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Takes a film out of the queue for a decision: its title, or undefined when it is not in the queue (any more). */
  claim(filmId: number): Promise<{ title: string } | undefined> {
    return this.db
      .updateTable('moderation_items as i')
      .set({ decided_at: sql<string>`now()` })
      .where('i.film_id', '=', String(filmId))
      .where(inQueue)
      .returning('i.title')
      .executeTakeFirst();
  }

  /** Why a film could not be claimed: what the queue knows of it. */
  item(filmId: number) {
    return this.db
      .selectFrom('moderation_items')
      .select(['status', 'video_url', 'decided_at'])
      .where('film_id', '=', String(filmId))
      .executeTakeFirst();
  }

  async recordDecision(decision: Insertable<DB['moderation_decisions']>): Promise<void> {
    await this.db.insertInto('moderation_decisions').values(decision).execute();
  }

  /** Whether a moderator here decided the film to the given outcome. */
  async wasDecided(filmId: bigint, decision: string): Promise<boolean> {
    const found = await this.db
      .selectFrom('moderation_decisions')
      .select(sql<number>`1`.as('found'))
      .where('film_id', '=', filmId.toString())
      .where('decision', '=', decision)
      .limit(1)
      .executeTakeFirst();
    return found !== undefined;
  }

  /** The address of a user, from the known_users read model. */
  async email(userId: string): Promise<string | undefined> {
    const user = await this.db
      .selectFrom('known_users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    return user?.email;
  }

  /** Records the mail of a film's outcome; false when it was recorded (sent) before. */
  async claimDecisionMail(filmId: bigint, status: string): Promise<boolean> {
    const first = await this.db
      .insertInto('decision_mails')
      .values({ film_id: filmId.toString(), status })
      .onConflict((conflict) => conflict.doNothing())
      .returning('film_id')
      .executeTakeFirst();
    return first !== undefined;
  }

  /**
   * Applies a film's state if it is at least as recent as the stored one. A state without an AI
   * disclosure or submission time keeps the ones already known; decided_at is never touched.
   */
  async applyFilmState(state: ModerationItemState): Promise<void> {
    await this.db
      .insertInto('moderation_items')
      .values({ ...state, ai_disclosure: state.ai_disclosure ? JSON.stringify(state.ai_disclosure) : null })
      .onConflict((conflict) =>
        conflict
          .column('film_id')
          .doUpdateSet((eb) => ({
            ...takeExcluded(eb, [
              'title',
              'creator_id',
              'creator_user_id',
              'genre',
              'duration_minutes',
              'poster_url',
              'status',
              'updated_at',
              'description',
              'language',
              'release_year',
              'video_url',
            ]),
            ai_disclosure: eb.fn.coalesce('excluded.ai_disclosure', 'moderation_items.ai_disclosure'),
            submitted_at: eb.fn.coalesce('excluded.submitted_at', 'moderation_items.submitted_at'),
            reason: eb.ref('excluded.reason'),
          }))
          .whereRef('moderation_items.updated_at', '<=', 'excluded.updated_at'),
      )
      .execute();
  }

  /**
   * Makes the film's item a tombstone (status deleted) as of `deletedAt`, unless a later state is
   * stored; with no item yet, the tombstone is written on its own.
   */
  async markDeleted(filmId: bigint, deletedAt: Date): Promise<void> {
    await this.db
      .insertInto('moderation_items')
      .values({
        film_id: filmId.toString(),
        title: '',
        genre: '',
        duration_minutes: 0,
        status: 'deleted',
        updated_at: deletedAt.toISOString(),
      })
      .onConflict((conflict) =>
        conflict
          .column('film_id')
          .doUpdateSet((eb) => ({ status: 'deleted', updated_at: eb.ref('excluded.updated_at') }))
          .whereRef('moderation_items.updated_at', '<=', 'excluded.updated_at'),
      )
      .execute();
  }
}
