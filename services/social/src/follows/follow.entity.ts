import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/** A member follows a creator: at most once per member and creator, never themself. */
@Entity({ tableName: 'follows' })
export class Follow {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'text' })
  userId!: string;

  @PrimaryKey({ type: 'integer' })
  creatorId!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
