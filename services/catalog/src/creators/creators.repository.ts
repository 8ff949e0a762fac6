import { InjectQueryDb } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';
import type { SocialLinks } from './social-links';

/**
 * A creator as lists and the profile show them: the profile, its user's name and its published
 * films' figures (an aggregate: always one row, hence the inner lateral join).
 */
function creatorSelect(db: Db['prepared']) {
  return db
    .selectFrom('creators as c')
    .leftJoin('known_users as u', 'u.id', 'c.user_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('films')
          .whereRef('films.creator_id', '=', 'c.id')
          .where('films.status', '=', 'published')
          .select([
            sql<number>`count(*)::int`.as('film_count'),
            sql<string>`coalesce(sum(view_count), 0)`.as('total_views'),
            sql<string | null>`avg(rating) filter (where rating_count > 0)`.as('average_rating'),
          ])
          .as('s'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'c.id',
      'c.user_id',
      'c.bio',
      'c.website',
      eb.ref('c.social_links').$castTo<SocialLinks>().as('social_links'),
      'c.is_verified',
      'c.suspended_at',
      'c.follower_count',
      'c.created_at',
      'u.first_name',
      'u.last_name',
      'u.profile_image_url',
      'u.email',
      's.film_count',
      's.total_views',
      's.average_rating',
    ]);
}

export type CreatorRecord = Awaited<ReturnType<ReturnType<typeof creatorSelect>['executeTakeFirstOrThrow']>>;

/** A creator's standing (verification and suspension) as its event carries it. */
export interface CreatorStanding {
  id: number;
  user_id: string;
  is_verified: boolean;
  suspended: boolean;
  standing_version: string;
}

/** The admins' creator list: `q` in the name or address, and the standing filters. */
export interface AdminCreatorFilter {
  q?: string;
  verified?: boolean;
  suspended?: boolean;
  limit: number;
  offset: number;
}

/**
 * The catalog's creators table: profiles, their figures, the follower count social keeps and the
 * standing admins set.
 */
@Injectable()
export class CreatorsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** The public list: creators who are not suspended, verified first, then by followers. */
  list(limit: number, offset: number): Promise<CreatorRecord[]> {
    return creatorSelect(this.db.prepared)
      .where('c.suspended_at', 'is', null)
      .orderBy('c.is_verified', 'desc')
      .orderBy('c.follower_count', 'desc')
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** Any creator, suspended or not (the caller decides who may see it). */
  find(id: number): Promise<CreatorRecord | undefined> {
    return creatorSelect(this.db.prepared).where('c.id', '=', id).executeTakeFirst();
  }

  /** Every creator, suspended ones too, newest first, with the suspension's reason. */
  listForAdmin(filter: AdminCreatorFilter) {
    const { q, verified, suspended } = filter;
    return creatorSelect(this.db)
      .select('c.suspension_reason')
      .$if(q !== undefined, (query) =>
        query.where(
          (eb) =>
            eb.fn('strpos', [
              eb.fn('lower', [
                sql<string>`concat_ws(' ', ${eb.ref('u.first_name')}, ${eb.ref('u.last_name')}, ${eb.ref('u.email')})`,
              ]),
              eb.fn('lower', [eb.val(q)]),
            ]),
          '>',
          0,
        ),
      )
      .$if(verified !== undefined, (query) => query.where('c.is_verified', '=', verified!))
      .$if(suspended !== undefined, (query) =>
        query.where('c.suspended_at', suspended ? 'is not' : 'is', null),
      )
      .orderBy('c.id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
  }

  /** One creator as the admins' list shows it. */
  findForAdmin(id: number) {
    return creatorSelect(this.db).select('c.suspension_reason').where('c.id', '=', id).executeTakeFirst();
  }

  /**
   * The creator's standing and the name the audit log shows, locked (`for update`) until the
   * transaction that changes it ends; undefined when there is no such creator.
   */
  lockStanding(id: number) {
    return this.db
      .selectFrom('creators as c')
      .leftJoin('known_users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'c.is_verified', 'c.suspended_at', 'u.first_name', 'u.last_name', 'u.email'])
      .where('c.id', '=', id)
      .forUpdate('c')
      .executeTakeFirst();
  }

  /**
   * Verifies or unverifies, suspends (with its reason) or lifts the suspension, raising the
   * standing's version; the standing after the change.
   */
  changeStanding(
    id: number,
    change: { verified: boolean } | { suspendedFor: string | null },
  ): Promise<CreatorStanding> {
    return this.db
      .updateTable('creators')
      .set((eb) => ({
        standing_version: eb('standing_version', '+', '1'),
        ...('verified' in change
          ? { is_verified: change.verified }
          : change.suspendedFor === null
            ? { suspended_at: null, suspension_reason: null }
            : { suspended_at: sql<string>`now()`, suspension_reason: change.suspendedFor }),
      }))
      .where('id', '=', id)
      .returning((eb) => [
        'id',
        'user_id',
        'is_verified',
        eb('suspended_at', 'is not', null).$castTo<boolean>().as('suspended'),
        'standing_version',
      ])
      .executeTakeFirstOrThrow();
  }

  /** The new profile's id, or undefined when the user already has one. */
  async insert(
    profile: Pick<Selectable<DB['creators']>, 'user_id' | 'bio' | 'website'> & { social_links: SocialLinks },
  ) {
    const created = await this.db
      .insertInto('creators')
      .values({ ...profile, social_links: JSON.stringify(profile.social_links) })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return created?.id;
  }

  /** Applies a follower count if its version is newer than the stored one (see the handler). */
  async applyFollowerCount(creatorId: number, count: number, version: bigint): Promise<void> {
    await this.db
      .updateTable('creators')
      .set({ follower_count: count, follower_version: version.toString() })
      .where('id', '=', creatorId)
      .where('follower_version', '<', version.toString())
      .execute();
  }

  /**
   * The creator profile of a member who deleted their account keeps its films (under the
   * anonymised account) but says nothing of them any more.
   */
  async anonymiseOf(userId: string, bio: string): Promise<void> {
    await this.db
      .updateTable('creators')
      .set({ bio, website: null, social_links: JSON.stringify({}) })
      .where('user_id', '=', userId)
      .execute();
  }
}
