import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'waitlist' })
export class WaitlistEntry {
  [OptionalProps]?: 'createdAt';

  /** Lower-cased; one entry per address. */
  @PrimaryKey({ type: 'text' })
  email!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}

@Entity({ tableName: 'feedback' })
export class Feedback {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id?: string;

  @Property({ type: 'text', nullable: true })
  name?: string | null;

  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  vision!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
