import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** What ads needs to know of a film to target and place ads: genre, duration, whether it is live. */
@Entity({ tableName: 'films' })
export class AdFilm {
  @PrimaryKey({ type: 'bigint' })
  id!: string;

  @Property({ type: 'text' })
  genre!: string;

  @Property({ type: 'integer' })
  durationMinutes!: number;

  /** The video's exact length as probed (0 until transcoded): placements are in seconds. */
  @Property({ type: 'double' })
  durationSeconds!: number;

  @Property({ type: 'text' })
  status!: string;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
