import { InjectQueryDb, takeExcluded } from '@kinora/common';
import { Injectable } from '@nestjs/common';
import { expressionBuilder, type Expression } from 'kysely';
import type { DB } from '../database.gen';
import type { Db } from '../db';

type CountOf = 'critic_follows' | 'critic_reviews';

/**
 * How many rows of the table are the critic's (a scalar subquery): the critic is the outer query's
 * (a reference) or given by id.
 */
function countOf(table: CountOf, critic: Expression<number>) {
  return expressionBuilder<DB, never>()
    .selectFrom(table)
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
    .where(`${table}.critic_id`, '=', critic)
    .$asScalar();
}

/**
 * A critic with their figures. The critic is the member whose account has the invited address;
 * the avatar comes from that account once social knows it.
 */
function criticSelect(db: Db) {
  return db
    .selectFrom('critics')
    .leftJoin('known_users as u', 'u.email', 'critics.email')
    .select((eb) => [
      'critics.id',
      'critics.first_name',
      'critics.last_name',
      'critics.bio',
      'critics.website',
      'critics.expertise',
      eb.ref('critics.social_links').$castTo<Record<string, string | undefined>>().as('social_links'),
      'critics.is_verified',
      'critics.created_at',
      'u.profile_image_url',
      countOf('critic_follows', eb.ref('critics.id')).as('follower_count'),
      countOf('critic_reviews', eb.ref('critics.id')).as('review_count'),
    ]);
}

export type CriticRecord = Awaited<ReturnType<ReturnType<typeof criticSelect>['executeTakeFirstOrThrow']>>;

/** Critics' profiles and figures. */
@Injectable()
export class CriticsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Verified critics first, then by followers, then the longest-standing. */
  list(limit: number, offset: number): Promise<CriticRecord[]> {
    return criticSelect(this.db)
      .orderBy('is_verified', 'desc')
      .orderBy('follower_count', 'desc')
      .orderBy('id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  find(id: number): Promise<CriticRecord | undefined> {
    return criticSelect(this.db).where('critics.id', '=', id).executeTakeFirst();
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db.selectFrom('critics').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  /** Answers whether there is such a critic. */
  async setVerified(id: number, isVerified: boolean): Promise<boolean> {
    const changed = await this.db
      .updateTable('critics')
      .set((eb) => ({ is_verified: isVerified, updated_at: eb.fn('now') }))
      .where('id', '=', id)
      .executeTakeFirst();
    return changed.numUpdatedRows > 0n;
  }

  /** The id of the critic profile made for the member's account address, if any. */
  async idOfMember(userId: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('critics as c')
      .innerJoin('known_users as u', 'u.email', 'c.email')
      .select('c.id')
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return row?.id;
  }

  /** Every review counts, whatever its film's status now. */
  dashboardTotals(criticId: number) {
    return this.db
      .selectNoFrom((eb) => [
        countOf('critic_reviews', eb.val(criticId)).$notNull().as('total_reviews'),
        eb
          .selectFrom('critic_reviews')
          .select((eb) => eb.cast<number>(eb.fn.coalesce(eb.fn.sum('rating'), eb.lit(0)), 'integer').as('n'))
          .where('critic_id', '=', criticId)
          .$asScalar()
          .$notNull()
          .as('rating_sum'),
        countOf('critic_follows', eb.val(criticId)).$notNull().as('follower_count'),
      ])
      .executeTakeFirstOrThrow();
  }

  /**
   * Creates the address's critic profile, or replaces an existing one's details; answers its id.
   */
  async upsertProfile(profile: {
    email: string;
    first_name: string;
    last_name: string;
    bio: string;
    website: string | null;
    expertise: string[];
    social_links: Record<string, string | undefined>;
  }): Promise<number> {
    const critic = await this.db
      .insertInto('critics')
      .values({ ...profile, social_links: JSON.stringify(profile.social_links) })
      .onConflict((conflict) =>
        conflict.column('email').doUpdateSet((eb) => ({
          ...takeExcluded(eb, ['first_name', 'last_name', 'bio', 'website', 'expertise', 'social_links']),
          updated_at: eb.fn('now'),
        })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return critic.id;
  }
}
