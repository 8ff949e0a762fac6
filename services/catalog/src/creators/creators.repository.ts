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

/** The catalog's creators table: profiles, their figures and the follower count social keeps. */
@Injectable()
export class CreatorsRepository {
  constructor(@InjectQueryDb() private readonly db: Db) {}

  /** Verified creators first, then by followers. */
  list(limit: number, offset: number): Promise<CreatorRecord[]> {
    return creatorSelect(this.db.prepared)
      .orderBy('c.is_verified', 'desc')
      .orderBy('c.follower_count', 'desc')
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  find(id: number): Promise<CreatorRecord | undefined> {
    return creatorSelect(this.db.prepared).where('c.id', '=', id).executeTakeFirst();
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
}
