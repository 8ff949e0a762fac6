import { create, toBinary, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { EnvelopeSchema, topicOf } from '@kinora/proto';
import { randomUUID } from 'node:crypto';
import { SERVICE_NAME } from '../config/config';
import { createQueryDb } from '../database/query-db';
import type { DB } from '../database.gen';
import { currentTraceHeaders } from '../tracing/tracing';
import { OutboxMessage } from './outbox.entity';
import { OutboxRelay } from './outbox.relay';
import { OutboxRepository } from './outbox.repository';

/** An event's fields without the envelope, which the outbox fills in. */
export type EventData<S extends DescMessage> = Omit<MessageInitShape<S>, 'envelope' | '$typeName'>;

@Injectable()
export class OutboxService {
  constructor(
    @Inject(SERVICE_NAME) private readonly producer: string,
    private readonly relay: OutboxRelay,
  ) {}

  /**
   * Records an event in the outbox through `em`, so it commits (or not) with the caller's own
   * changes: call it inside the same `em.transactional(...)`. Returns the new event id.
   */
  add<S extends DescMessage>(em: EntityManager, schema: S, data: EventData<S>, key: string): string {
    const eventId = randomUUID();
    const occurredAt = new Date();
    const envelope = create(EnvelopeSchema, {
      eventId,
      occurredAt: timestampFromDate(occurredAt),
      producer: this.producer,
    });
    const message = create(schema, { ...data, envelope } as unknown as MessageInitShape<S>);
    const row = em.create(OutboxMessage, {
      id: eventId,
      topic: topicOf(schema),
      key,
      type: schema.typeName,
      payload: Buffer.from(toBinary(schema, message)),
      headers: { ...currentTraceHeaders(), 'event-type': schema.typeName, 'event-id': eventId },
      createdAt: occurredAt,
    });
    em.persist(row);
    this.relay.wakeAfterCommit(em);
    return eventId;
  }
}

/** Waits until the relay has published every outbox row (a batch job's events have left before it exits). */
export async function waitForOutboxDrained(em: EntityManager, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const outbox = new OutboxRepository(createQueryDb<DB>(em));
  while (Date.now() < deadline) {
    if ((await outbox.backlog()) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`outbox not drained after ${timeoutMs} ms: is Kafka reachable?`);
}
