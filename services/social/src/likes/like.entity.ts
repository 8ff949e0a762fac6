import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A member likes a film: at most one like per member and film. */
@Entity({ tableName: 'likes' })
export class Like {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  userId!: string;

  @PrimaryKey({ type: 'integer' })
  filmId!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
