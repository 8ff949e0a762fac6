import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** A film as moderation sees it, kept from catalog.film-status-changed.v1. */
@Entity({ tableName: 'moderation_items' })
export class ModerationItem {
  @PrimaryKey({ type: 'bigint' })
  filmId!: string;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'bigint', nullable: true })
  creatorId?: string | null;

  @Property({ type: 'text', nullable: true })
  creatorUserId?: string | null;

  @Property({ type: 'text' })
  genre!: string;

  @Property({ type: 'integer' })
  durationMinutes!: number;

  @Property({ type: 'text', nullable: true })
  posterUrl?: string | null;

  /** pending | published | archived, or deleted: a tombstone of a film its creator deleted */
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'text' })
  language = '';

  @Property({ type: 'integer', nullable: true })
  releaseYear?: number | null;

  /** The HLS master playlist; only a film with one is ready for review. */
  @Property({ type: 'text', nullable: true })
  videoUrl?: string | null;

  @Property({ type: 'json', nullable: true })
  aiDisclosure?: Record<string, unknown> | null;

  @Property({ type: 'timestamptz', nullable: true })
  submittedAt?: Date | null;

  /** The moderator's reason, as catalog announced it with an archived status. */
  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  /** Set by admin's own decision: the film leaves the queue at once, before catalog applies it. */
  @Property({ type: 'timestamptz', nullable: true })
  decidedAt?: Date | null;
}
