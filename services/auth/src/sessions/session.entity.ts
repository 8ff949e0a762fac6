import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A signed-in browser. The cookie holds an opaque token; only its SHA-256 is stored. */
@Entity({ tableName: 'sessions' })
export class Session {
  [OptionalProps]?: 'createdAt' | 'revokedAt';

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
}
