import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { NotificationKind } from '@kinora/contracts';

/**
 * An in-app notification of one member: at most one per member, kind and subject (subjectId is the
 * film for film_published, the critic's review for critic_review).
 */
@Entity({ tableName: 'notifications' })
export class Notification {
  [OptionalProps]?: 'createdAt' | 'readAt';

  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'text' })
  kind!: NotificationKind;

  @Property({ type: 'integer' })
  subjectId!: number;

  @Property({ type: 'integer' })
  filmId!: number;

  @Property({ type: 'integer', nullable: true })
  creatorId?: number | null;

  @Property({ type: 'integer', nullable: true })
  criticId?: number | null;

  @Property({ type: 'text', nullable: true })
  title?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  readAt?: Date | null;
}
