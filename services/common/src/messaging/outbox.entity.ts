import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** An event written in the same transaction as the change it reports; the relay publishes it after commit. */
@Entity({ tableName: 'outbox' })
export class OutboxMessage {
  /** The event's envelope event_id. */
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  /** Insertion order; the relay publishes in this order so events about one entity keep theirs. */
  @Property({ type: 'bigint', persist: false })
  position?: string;

  @Property({ type: 'text' })
  topic!: string;

  @Property({ type: 'text' })
  key!: string;

  /** Fully-qualified protobuf type name of the payload. */
  @Property({ type: 'text' })
  type!: string;

  @Property({ type: 'blob' })
  payload!: Buffer;

  /** Kafka headers, including the W3C trace context of the transaction that wrote the event. */
  @Property({ type: 'json' })
  headers!: Record<string, string>;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  publishedAt?: Date | null;
}
