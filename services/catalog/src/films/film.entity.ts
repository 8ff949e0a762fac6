import { ArrayType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

import type { FilmStatus } from '@kinora/contracts';

export type { FilmStatus };

@Entity({ tableName: 'films' })
export class Film {
  [OptionalProps]?:
    | 'id'
    | 'description'
    | 'durationMinutes'
    | 'rating'
    | 'ratingCount'
    | 'ratingVersion'
    | 'viewCount'
    | 'posterUrl'
    | 'posterWebpWidths'
    | 'videoUrl'
    | 'isFeatured'
    | 'status'
    | 'createdAt'
    | 'publishedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description = '';

  @Property({ type: 'text' })
  genre!: string;

  @Property({ type: 'text' })
  language!: string;

  @Property({ type: 'integer' })
  durationMinutes = 0;

  @Property({ type: 'integer' })
  releaseYear!: number;

  /** Mean review rating out of 10, one decimal, kept from social's review events. */
  @Property({ type: 'decimal', precision: 3, scale: 1 })
  rating = '0.0';

  /** The number of reviews (the API's reviewCount). */
  @Property({ type: 'integer' })
  ratingCount = 0;

  /** Version of the review totals last applied from social; older events are ignored. */
  @Property({ type: 'bigint' })
  ratingVersion = '0';

  @Property({ type: 'integer' })
  viewCount = 0;

  @Property({ type: 'text', nullable: true })
  posterUrl?: string | null;

  /**
   * The widths of the WebP copies of the poster beside posterUrl (`poster-<width>.webp`, written by
   * the media pipeline); empty for films transcoded before there were any.
   */
  @Property({ type: new ArrayType((item) => Number(item)), columnType: 'integer[]' })
  posterWebpWidths: number[] = [];

  /** The HLS master playlist under /media/, once transcoded. */
  @Property({ type: 'text', nullable: true })
  videoUrl?: string | null;

  @Property({ type: 'boolean' })
  isFeatured = false;

  @Property({ type: 'text' })
  status: FilmStatus = 'pending';

  @Property({ type: 'integer' })
  creatorId!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt?: Date | null;
}
