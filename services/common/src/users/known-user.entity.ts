import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A service's read model of a user (names, avatar, roles), kept from auth's user events. */
@Entity({ tableName: 'known_users' })
export class KnownUser {
  @PrimaryKey({ type: 'text' })
  id!: string;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text', nullable: true })
  firstName?: string | null;

  @Property({ type: 'text', nullable: true })
  lastName?: string | null;

  @Property({ type: 'text', nullable: true })
  profileImageUrl?: string | null;

  @Property({ type: 'boolean' })
  isAdmin = false;

  @Property({ type: 'text[]' })
  roles: string[] = [];

  @Property({ type: 'text' })
  subscriptionType = 'free';

  /** auth's version of this user; older states arriving late are ignored. */
  @Property({ type: 'bigint' })
  version = '0';

  @Property({ type: 'timestamptz' })
  registeredAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
