import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

export interface SocialLinks {
  website?: string;
  twitter?: string;
  instagram?: string;
  youtube?: string;
}

@Entity({ tableName: 'creators' })
export class Creator {
  [OptionalProps]?:
    'id' | 'isVerified' | 'followerCount' | 'followerVersion' | 'createdAt' | 'socialLinks' | 'website';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The auth user behind the creator profile; names and avatar come from the users read model. */
  @Property({ type: 'text', unique: true })
  userId!: string;

  @Property({ type: 'text' })
  bio!: string;

  @Property({ type: 'text', nullable: true })
  website?: string | null;

  @Property({ type: 'json' })
  socialLinks: SocialLinks = {};

  @Property({ type: 'boolean' })
  isVerified = false;

  /** Kept from social's follow events. */
  @Property({ type: 'integer' })
  followerCount = 0;

  /** Version of the follower count last applied from social; older events are ignored. */
  @Property({ type: 'bigint' })
  followerVersion = '0';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
