import { create, toBinary, type MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Inject, Injectable } from '@nestjs/common';
import { currentTraceHeaders, KafkaService, SERVICE_NAME } from '@kinora/common';
import { EnvelopeSchema, topicOf, ViewingSessionUpdatedSchema } from '@kinora/proto';
import { randomUUID } from 'node:crypto';

/** The most messages one produce request carries. */
const MAX_BATCH = 1_000;

/**
 * How long a write waits for the broker before the caller is told it was not taken (503), well
 * inside the gateway's 30 s: while Kafka is away the client hears "try again" instead of a gateway
 * timeout. A write answered so may still reach the broker later; updates carry running totals, so
 * one that arrives after its retry changes nothing.
 */
export const PUBLISH_TIMEOUT_MS = 10_000;

interface Pending {
  key: string;
  value: Buffer;
  /** The W3C trace context of the request that wrote it, so its consumer continues the trace. */
  headers: Record<string, string>;
  done: { resolve: () => void; reject: (error: unknown) => void };
}

export type SessionUpdate = Omit<
  MessageInitShape<typeof ViewingSessionUpdatedSchema>,
  'envelope' | '$typeName'
>;

/**
 * Appends viewing-session writes to Kafka, keyed by session, and resolves each once the broker has
 * it. Writes that arrive while a produce request is in flight wait and go together in the next one,
 * so a busy API sends few large requests and an idle one adds no delay.
 */
@Injectable()
export class SessionPublisher {
  private queue: Pending[] = [];
  private sending = false;

  constructor(
    private readonly kafka: KafkaService,
    @Inject(SERVICE_NAME) private readonly producer: string,
  ) {}

  publish(update: SessionUpdate): Promise<void> {
    const envelope = create(EnvelopeSchema, {
      eventId: randomUUID(),
      occurredAt: timestampFromDate(new Date()),
      producer: this.producer,
    });
    const message = create(ViewingSessionUpdatedSchema, { ...update, envelope });
    const value = Buffer.from(toBinary(ViewingSessionUpdatedSchema, message));
    return new Promise<void>((resolve, reject) => {
      const headers = currentTraceHeaders();
      const timer = setTimeout(
        () => reject(new Error(`the broker did not take the write within ${PUBLISH_TIMEOUT_MS} ms`)),
        PUBLISH_TIMEOUT_MS,
      );
      const done = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      this.queue.push({ key: message.sessionId, value, headers, done });
      if (!this.sending) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.sending = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const producer = await this.kafka.producer();
          await producer.send({
            topic: this.kafka.topic(topicOf(ViewingSessionUpdatedSchema)),
            acks: -1,
            messages: batch.map(({ key, value, headers }) => ({ key, value, headers })),
          });
          for (const pending of batch) pending.done.resolve();
        } catch (error) {
          for (const pending of batch) pending.done.reject(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
