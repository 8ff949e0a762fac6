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

  /** pending | published | archived */
  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
