import { fromBinary, type Message } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Server, type CustomTransportStrategy, type MessageHandler } from '@nestjs/microservices';
import { SpanKind } from '@opentelemetry/api';
import { schemaForTopic, type Envelope } from '@kinora/proto';
import type { Consumer, KafkaMessage } from 'kafkajs';
import { lastValueFrom } from 'rxjs';
import { CONFIG, type BaseConfig } from '../config/config';
import { MetricsService } from '../metrics/metrics';
import { inSpan, kafkaHeaders } from '../tracing/tracing';
import type { EventContext, EventHandlerExtras } from './event-handler';
import { readConsumerLag } from './consumer-lag';
import { restartWhenCrashed } from './restart-on-crash';
import { KafkaService } from './kafka.service';

const MAX_ATTEMPTS = 5;
type Outcome = 'handled' | 'duplicate' | 'dead-lettered';

/** One `@EventPattern` method, called on its own under its ledger key. */
interface Subscriber {
  ledgerKey: string;
  handle: MessageHandler<Message, EventContext>;
}

/**
 * The transport behind the services' `@EventPattern` handlers: the service's Kafka consumer group.
 * Offsets are committed after each batch is applied (and on a graceful stop), so a crash redelivers
 * at most the batch in hand; the processed_events ledger, written in the handler's own transaction,
 * turns a redelivery into a no-op. Several handlers of one topic are each applied once, in their own
 * transaction under their own ledger key, with their own retries and dead letter.
 */
@Injectable()
export class KafkaEventServer extends Server implements CustomTransportStrategy {
  protected override readonly logger = new Logger(KafkaEventServer.name);
  private consumer?: Consumer;
  /** Set by close(): a consumer that crashes afterwards is not started again. */
  private closed = false;
  private readonly byTopic = new Map<string, Subscriber[]>();

  constructor(
    private readonly orm: MikroORM,
    private readonly kafka: KafkaService,
    private readonly metrics: MetricsService,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {
    super();
    metrics.addLagReader(() => this.recordLag());
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
    this.closed = true;
    const consumer = this.consumer;
    this.consumer = undefined;
    await consumer?.disconnect();
  }

  on(): never {
    throw new Error('KafkaEventServer has no events to listen to');
  }

  unwrap<T>(): T {
    if (!this.consumer) throw new Error('KafkaEventServer is not consuming');
    return this.consumer as T;
  }

  private async start(): Promise<void> {
    this.collectSubscribers();
    if (this.byTopic.size === 0) return;
    const consumer = this.kafka.kafka.consumer({
      groupId: this.kafka.groupId(),
      sessionTimeout: this.config.KAFKA_SESSION_TIMEOUT_MS,
      heartbeatInterval: Math.floor(this.config.KAFKA_SESSION_TIMEOUT_MS / 10),
      // The broker answers a fetch as soon as a message arrives, so this wait adds no latency; it is
      // how often an idle consumer asks again. kafkajs heartbeats between fetches, so the wait stays
      // within a third of the session timeout, or the group would think an idle member dead.
      maxWaitTimeInMs: Math.min(
        this.config.KAFKA_FETCH_MAX_WAIT_MS,
        Math.floor(this.config.KAFKA_SESSION_TIMEOUT_MS / 3),
      ),
      retry: { retries: 10 },
    });
    this.consumer = consumer;
    restartWhenCrashed(
      consumer,
      () => !this.closed,
      async () => {
        await this.consumer?.disconnect().catch(() => undefined);
        await this.start();
      },
      this.logger,
    );
    await consumer.connect();
    await consumer.subscribe({
      topics: this.topics.map((topic) => this.kafka.topic(topic)),
      fromBeginning: true,
    });
    await consumer.run({
      autoCommit: true,
      autoCommitInterval: this.config.KAFKA_COMMIT_INTERVAL_MS,
      eachBatchAutoResolve: false,
      eachBatch: async ({
        batch,
        resolveOffset,
        heartbeat,
        commitOffsetsIfNecessary,
        isRunning,
        isStale,
      }) => {
        for (const message of batch.messages) {
          if (!isRunning() || isStale()) break;
          await this.process(this.kafka.familyOf(batch.topic), batch.partition, message);
          resolveOffset(message.offset);
          await heartbeat();
        }
        await commitOffsetsIfNecessary();
      },
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
          const inserted = await em.execute<unknown[]>(
            `insert into processed_events (handler, event_id, topic) values (?, ?, ?)
             on conflict do nothing returning 1`,
            [name, envelope.eventId, topic],
          );
          if (inserted.length === 0) return 'duplicate';
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
    await this.orm.em.fork().execute(
      `insert into dead_letters (handler, topic, partition, "offset", event_id, error, payload)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        subscriber.ledgerKey,
        topic,
        partition,
        message.offset,
        eventId ?? null,
        String((error as Error)?.message ?? error),
        message.value ?? null,
      ],
    );
    this.metrics.eventsConsumed.inc({ topic, outcome: 'dead-lettered' });
  }

  /** Sets the lag of every partition the group consumes; a scrape waits for it LAG_TIMEOUT_MS at most. */
  private async recordLag(): Promise<void> {
    if (!this.consumer) return;
    const group = this.kafka.groupId();
    try {
      await readConsumerLag(this.kafka, group, this.topics, (topic, partition, lag) =>
        this.metrics.consumerLag.set({ group, topic, partition: String(partition) }, lag),
      );
    } catch (error) {
      this.logger.debug({ err: error }, 'could not read consumer lag');
    }
  }
}
