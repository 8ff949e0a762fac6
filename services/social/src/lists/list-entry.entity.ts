import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { ListType } from '@kinora/contracts';

/** A film on one of a member's lists: at most once per list. */
@Entity({ tableName: 'list_entries' })
@Unique({ properties: ['userId', 'listType', 'filmId'] })
export class ListEntry {
  [OptionalProps]?: 'id' | 'createdAt';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Property({ type: 'text' })
  userId!: string;

  @Property({ type: 'integer' })
  filmId!: number;

  @Property({ type: 'text' })
  listType!: ListType;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** continue_watching: where the member stopped, in seconds; written from viewing progress. */
  @Property({ type: 'integer', nullable: true })
  progressSeconds?: number | null;

  /** continue_watching: the film's length in seconds as analytics probed it (null while unknown). */
  @Property({ type: 'double', nullable: true })
  durationSeconds?: number | null;

  /** continue_watching: when that progress was watched; the list is read most recent first. */
  @Property({ type: 'timestamptz', nullable: true })
  progressAt?: Date | null;
}
