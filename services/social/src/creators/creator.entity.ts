import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * What social knows of a catalog creator (from catalog.creator-registered.v1): who owns the profile
 * (a member cannot follow themself) and the version of its follower count, which grows with every
 * follow or unfollow.
 */
@Entity({ tableName: 'creators' })
export class SocialCreator {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'bigint' })
  followerVersion = '0';

  @Property({ type: 'timestamptz' })
  registeredAt!: Date;
}
