import { fromBinary, type Message } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import { SpanKind } from '@opentelemetry/api';
import { schemaForTopic, type Envelope } from '@kinora/proto';
import type { KafkaMessage } from 'kafkajs';
import { lastValueFrom } from 'rxjs';
import { CONFIG, type BaseConfig } from '../config/config';
import { MetricsService } from '../metrics/metrics';
import { inSpan, kafkaHeaders } from '../tracing/tracing';
import type { EventContext, EventHandlerExtras } from './event-handler';
import { createQueryDb } from '../database/query-db';
import type { DB } from '../database.gen';
import { ConsumerLedgerRepository } from './consumer-ledger.repository';
import { KafkaService } from './kafka.service';
import { TopicConsumer } from './topic-consumer';

const MAX_ATTEMPTS = 5;
type Outcome = 'handled' | 'duplicate' | 'dead-lettered';

/** One `@EventPattern` method, called on its own under its ledger key. */
interface Subscriber {
  ledgerKey: string;
  handle: MessageHandler<Message, EventContext>;
}

/**
 * The transport behind the services' `@EventPattern` handlers: the service's Kafka consumer group
 * (a TopicConsumer handling message by message). A crash redelivers at most the batch in hand;
 * the processed_events ledger, written in the handler's own transaction,
 * turns a redelivery into a no-op. Several handlers of one topic are each applied once, in their own
 * transaction under their own ledger key, with their own retries and dead letter.
 */
@Injectable()
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  protected override readonly logger = new Logger(KafkaEventServer.name);
  private consumer?: TopicConsumer;
  private readonly ledger: ConsumerLedgerRepository;
  private readonly byTopic = new Map<string, Subscriber[]>();

  constructor(
    private readonly orm: MikroORM,
    private readonly kafka: KafkaService,
    private readonly metrics: MetricsService,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {
    super();
    this.ledger = new ConsumerLedgerRepository(createQueryDb<DB>(orm.em));
  }

  get topics(): string[] {
    return [...this.byTopic.keys()];
  }

  /** Called by Nest (startAllMicroservices) once the handlers are registered. */
  listen(callback: (error?: unknown) => void): void {
    this.start().then(
      () => callback(),
      (error: unknown) => callback(error),
    );
  }

  /** Stops fetching, lets the batch in hand finish, commits the offsets resolved so far. */
  async close(): Promise<void> {
    const consumer = this.consumer;
    this.consumer = undefined;
    await consumer?.stop();
  }

  on(): never {
    throw new Error('KafkaEventServer has no events to listen to');
  }

  unwrap<T>(): T {
    const consumer = this.consumer?.running;
    if (!consumer) throw new Error('KafkaEventServer is not consuming');
    return consumer as T;
  }

  private async start(): Promise<void> {
    this.collectSubscribers();
    if (this.byTopic.size === 0) return;
    const consumer = new TopicConsumer(
      this.kafka,
      this.config,
      this.metrics,
      this.logger,
      this.kafka.groupId(),
      this.topics,
    );
    this.consumer = consumer;
    await consumer.eachMessage(async (topic, partition, message) => {
      await this.process(topic, partition, message);
    });
    this.logger.log(`consuming ${this.topics.join(', ')} as ${this.kafka.groupId()}`);
  }

  /**
   * Reads the registered `@EventPattern` methods. Nest chains the handlers of one pattern (`next`)
   * so that calling the first calls them all with one context; they are unchained here, because
   * each needs its own transaction, ledger row and retries.
   */
  private collectSubscribers(): void {
    this.byTopic.clear();
    for (const [topic, head] of this.messageHandlers) {
      if (!schemaForTopic(topic)) throw new Error(`@EventPattern('${topic}') is not an event topic`);
      const subscribers: Subscriber[] = [];
      let handler: MessageHandler | undefined = head;
      while (handler) {
        const next = handler.next as MessageHandler | undefined;
        handler.next = undefined;
        const { ledgerKey } = (handler.extras ?? {}) as Partial<EventHandlerExtras>;
        if (!handler.isEventHandler || !ledgerKey) {
          throw new Error(`the handler of ${topic} must be an @EventPattern with a ledgerKey`);
        }
        if (subscribers.some((other) => other.ledgerKey === ledgerKey)) {
          throw new Error(`two handlers of ${topic} share the ledger key ${ledgerKey}`);
        }
        subscribers.push({ ledgerKey, handle: handler });
        handler = next;
      }
      this.byTopic.set(topic, subscribers);
    }
  }

  /** Applies one message to every handler of its topic. */
  async process(topic: string, partition: number, message: KafkaMessage): Promise<Outcome[]> {
    const subscribers = this.byTopic.get(topic) ?? [];
    const schema = schemaForTopic(topic);
    const headers = kafkaHeaders(message.headers);
    let event: Message & { envelope?: Envelope };
    try {
      if (!schema || !message.value) throw new Error(`no schema or empty value for topic ${topic}`);
      event = fromBinary(schema, message.value) as Message & { envelope?: Envelope };
      if (!event.envelope?.eventId) throw new Error('event has no envelope.event_id');
    } catch (error) {
      await Promise.all(
        subscribers.map((subscriber) =>
          this.deadLetter(subscriber, topic, partition, message, undefined, error),
        ),
      );
      return subscribers.map(() => 'dead-lettered');
    }
    const envelope = event.envelope!;
    return inSpan(`${topic} process`, headers, SpanKind.CONSUMER, () =>
      Promise.all(
        subscribers.map((subscriber) => this.apply(subscriber, event, envelope, topic, partition, message)),
      ),
    );
  }

  private async apply(
    subscriber: Subscriber,
    event: Message,
    envelope: Envelope,
    topic: string,
    partition: number,
    message: KafkaMessage,
  ): Promise<Outcome> {
    const name = subscriber.ledgerKey;
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await this.orm.em.fork().transactional(async (em): Promise<Outcome> => {
          if (!(await this.ledger.record(name, envelope.eventId, topic))) return 'duplicate';
          const context: EventContext = {
            em,
            eventId: envelope.eventId,
            occurredAt: envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date(),
            producer: envelope.producer,
            topic,
            partition,
            offset: message.offset,
          };
          // The handler's enhancers turn a throw into an erroring observable: both reject here.
          await lastValueFrom(this.transformToObservable(await subscriber.handle(event, context)), {
            defaultValue: undefined,
          });
          return 'handled';
        });
        if (outcome === 'duplicate') {
          this.logger.log({ eventId: envelope.eventId, topic, handler: name }, 'duplicate event skipped');
        }
        this.metrics.eventsConsumed.inc({ topic, outcome });
        return outcome;
      } catch (error) {
        if (attempt >= MAX_ATTEMPTS) {
          await this.deadLetter(subscriber, topic, partition, message, envelope.eventId, error);
          return 'dead-lettered';
        }
        this.logger.warn({ err: error, eventId: envelope.eventId, attempt }, `${name} failed; retrying`);
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  private async deadLetter(
    subscriber: Subscriber,
    topic: string,
    partition: number,
    message: KafkaMessage,
    eventId: string | undefined,
    error: unknown,
  ): Promise<void> {
    this.logger.error(
      { err: error, topic, partition, offset: message.offset, eventId },
      'event dead-lettered',
    );
    await this.ledger.deadLetter({
      handler: subscriber.ledgerKey,
      topic,
      partition,
      offset: message.offset,
      eventId: eventId ?? null,
      error: String((error as Error)?.message ?? error),
      payload: message.value ?? null,
    });
    this.metrics.eventsConsumed.inc({ topic, outcome: 'dead-lettered' });
  }
}
