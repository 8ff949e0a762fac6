import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Ledger of events a consumer has applied: inserted in the handler's own transaction. */
@Entity({ tableName: 'processed_events' })
export class ProcessedEvent {
  @PrimaryKey({ type: 'text' })
  handler!: string;

  @PrimaryKey({ type: 'uuid' })
  eventId!: string;

  @Property({ type: 'text' })
  topic!: string;

  @Property({ type: 'timestamptz' })
  processedAt: Date = new Date();
}

/** A message that could not be decoded or kept failing its handler; kept for inspection and replay. */
@Entity({ tableName: 'dead_letters' })
export class DeadLetter {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id?: string;

  @Property({ type: 'text' })
  handler!: string;

  @Property({ type: 'text' })
  topic!: string;

  @Property({ type: 'integer' })
  partition!: number;

  @Property({ type: 'text' })
  offset!: string;

  @Property({ type: 'text', nullable: true })
  eventId?: string | null;

  @Property({ type: 'text' })
  error!: string;

  @Property({ type: 'blob', nullable: true })
  payload?: Buffer | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
