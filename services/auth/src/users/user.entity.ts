import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { SubscriptionType, UserRole } from '@kinora/contracts';
import { randomUUID } from 'node:crypto';

export type { SubscriptionType, UserRole };

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?:
    | 'id'
    | 'isAdmin'
    | 'roles'
    | 'subscriptionType'
    | 'version'
    | 'createdAt'
    | 'updatedAt'
    | 'watchlistCount'
    | 'favoritesCount'
    | 'listCountsVersion';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Stored lower-cased; unique. */
  @Property({ type: 'text', unique: true })
  email!: string;

  @Property({ type: 'text', nullable: true })
  firstName?: string | null;

  @Property({ type: 'text', nullable: true })
  lastName?: string | null;

  @Property({ type: 'text', nullable: true })
  profileImageUrl?: string | null;

  @Property({ type: 'boolean' })
  isAdmin = false;

  /** Roles granted by other contexts (creator on onboarding, critic on invitation). */
  @Property({ type: 'text[]' })
  roles: UserRole[] = [];

  @Property({ type: 'text' })
  subscriptionType: SubscriptionType = 'free';

  @Property({ type: 'timestamptz', nullable: true })
  subscriptionExpiry?: Date | null;

  /** Set while an admin has the account suspended: it cannot sign in, and its sessions are ended. */
  @Property({ type: 'timestamptz', nullable: true })
  suspendedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  suspensionReason?: string | null;

  /** Set when the member deleted the account: the row is anonymised and signs in no more. */
  @Property({ type: 'timestamptz', nullable: true })
  deletedAt?: Date | null;

  /** The creator profile (catalog) and critic profile (social) the account holds, from their events. */
  @Property({ type: 'bigint', nullable: true })
  creatorId?: string | null;

  @Property({ type: 'bigint', nullable: true })
  criticId?: string | null;

  /** Saved-film counts, kept from social.list-counts-changed.v1 (the highest version wins). */
  @Property({ type: 'integer' })
  watchlistCount = 0;

  @Property({ type: 'integer' })
  favoritesCount = 0;

  @Property({ type: 'bigint' })
  listCountsVersion = '0';

  /** Bumped on every change that is published, so read models can drop stale states. */
  @Property({ type: 'bigint', version: false })
  version = '0';

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
