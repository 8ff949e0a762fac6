import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * What social knows of a catalog film (from catalog.film-status-changed.v1): whether it exists and
 * is published, the summary a list entry shows, and the version of its review totals, which grows
 * with every change of its reviews.
 */
@Entity({ tableName: 'films' })
export class SocialFilm {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'text', nullable: true })
  title?: string | null;

  @Property({ type: 'text', nullable: true })
  genre?: string | null;

  @Property({ type: 'integer', nullable: true })
  durationMinutes?: number | null;

  @Property({ type: 'text', nullable: true })
  posterUrl?: string | null;

  @Property({ type: 'integer', nullable: true })
  creatorId?: number | null;

  @Property({ type: 'bigint' })
  ratingVersion = '0';

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
