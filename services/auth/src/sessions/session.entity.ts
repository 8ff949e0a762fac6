import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A signed-in browser. The cookie holds an opaque token; only its SHA-256 is stored. */
@Entity({ tableName: 'sessions' })
export class Session {
  [OptionalProps]?: 'createdAt' | 'revokedAt' | 'lastSeenAt';

  @PrimaryKey({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;

  /** When its cookie was last vouched for again (at most every LAST_SEEN_STEP_SECONDS). */
  @Property({ type: 'timestamptz', nullable: true })
  lastSeenAt?: Date | null = new Date();
}
