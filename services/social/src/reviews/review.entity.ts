import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** A member's review of a film: one per member and film, replaced when they post again. */
@Entity({ tableName: 'reviews' })
@Unique({ properties: ['filmId', 'userId'] })
export class Review {
  [OptionalProps]?: 'id' | 'createdAt' | 'editedAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'integer' })
  filmId!: number;

  @Property({ type: 'text' })
  userId!: string;

  /** 1–10. */
  @Property({ type: 'smallint' })
  rating!: number;

  @Property({ type: 'text' })
  review!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** When the member last replaced it; null if never. */
  @Property({ type: 'timestamptz', nullable: true })
  editedAt?: Date | null;
}
