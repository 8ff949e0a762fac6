import { fromBinary, type Message } from '@bufbuild/protobuf';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import { schemaForTopic, topicOf, type Envelope } from '@kinora/proto';
import type { Consumer, KafkaMessage } from 'kafkajs';
import { CONFIG, type BaseConfig } from '../config/config';
import { MetricsService } from '../metrics/metrics';
import { inSpan } from '../tracing/tracing';
import { EVENT_HANDLERS, type EventHandler } from './event-handler';
import { KafkaService } from './kafka.service';

const MAX_ATTEMPTS = 5;

type Outcome = 'handled' | 'duplicate' | 'dead-lettered';

/**
 * The service's consumer group. Offsets are committed after each batch is applied (and on a
 * graceful stop), so a crash redelivers at most the batch in hand; the processed_events ledger,
 * written in the handler's own transaction, turns a redelivery into a no-op.
 */
@Injectable()
export class EventConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(EventConsumer.name);
  private consumer?: Consumer;
  private lagTimer?: NodeJS.Timeout;
  private readonly byTopic = new Map<string, EventHandler[]>();

  constructor(
    private readonly orm: MikroORM,
    private readonly kafka: KafkaService,
    private readonly metrics: MetricsService,
    @Inject(CONFIG) private readonly config: BaseConfig,
    @Inject(EVENT_HANDLERS) handlers: EventHandler[],
  ) {
    for (const handler of handlers) {
      const topic = topicOf(handler.schema);
      this.byTopic.set(topic, [...(this.byTopic.get(topic) ?? []), handler]);
    }
  }

  get topics(): string[] {
    return [...this.byTopic.keys()];
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.byTopic.size === 0) return;
    const consumer = this.kafka.kafka.consumer({
      groupId: this.kafka.groupId(),
      sessionTimeout: this.config.KAFKA_SESSION_TIMEOUT_MS,
      heartbeatInterval: Math.floor(this.config.KAFKA_SESSION_TIMEOUT_MS / 10),
      retry: { retries: 10 },
    });
    this.consumer = consumer;
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
    this.lagTimer = setInterval(() => void this.recordLag(), 15_000).unref();
    this.logger.log(`consuming ${this.topics.join(', ')} as ${this.kafka.groupId()}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.lagTimer);
    // Stops fetching, lets the batch in hand finish, commits the offsets resolved so far.
    await this.consumer?.disconnect();
  }

  /** Applies one message to every handler of its topic. Exposed for tests. */
  async process(topic: string, partition: number, message: KafkaMessage): Promise<Outcome[]> {
    const schema = schemaForTopic(topic);
    const headers = Object.fromEntries(
      Object.entries(message.headers ?? {}).map(([key, value]) => [key, value?.toString()]),
    );
    let event: Message & { envelope?: Envelope };
    try {
      if (!schema || !message.value) throw new Error(`no schema or empty value for topic ${topic}`);
      event = fromBinary(schema, message.value) as Message & { envelope?: Envelope };
      if (!event.envelope?.eventId) throw new Error('event has no envelope.event_id');
    } catch (error) {
      const handlers = this.byTopic.get(topic) ?? [];
      await Promise.all(
        handlers.map((handler) => this.deadLetter(handler, topic, partition, message, undefined, error)),
      );
      return handlers.map(() => 'dead-lettered');
    }
    const envelope = event.envelope!;
    return inSpan(`${topic} process`, headers, SpanKind.CONSUMER, () =>
      Promise.all(
        (this.byTopic.get(topic) ?? []).map((handler) =>
          this.apply(handler, event, envelope, topic, partition, message),
        ),
      ),
    );
  }

  private async apply(
    handler: EventHandler,
    event: Message,
    envelope: Envelope,
    topic: string,
    partition: number,
    message: KafkaMessage,
  ): Promise<Outcome> {
    const name = handler.constructor.name;
    for (let attempt = 1; ; attempt++) {
      try {
        const outcome = await this.orm.em.fork().transactional(async (em): Promise<Outcome> => {
          const inserted = await em.execute<unknown[]>(
            `insert into processed_events (handler, event_id, topic) values (?, ?, ?)
             on conflict do nothing returning 1`,
            [name, envelope.eventId, topic],
          );
          if (inserted.length === 0) return 'duplicate';
          await handler.handle(event, {
            em,
            eventId: envelope.eventId,
            occurredAt: envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date(),
            producer: envelope.producer,
            topic,
            partition,
            offset: message.offset,
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
          await this.deadLetter(handler, topic, partition, message, envelope.eventId, error);
          return 'dead-lettered';
        }
        this.logger.warn({ err: error, eventId: envelope.eventId, attempt }, `${name} failed; retrying`);
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
      }
    }
  }

  private async deadLetter(
    handler: EventHandler,
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
        handler.constructor.name,
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

  private async recordLag(): Promise<void> {
    try {
      const admin = await this.kafka.admin();
      for (const topic of this.topics) {
        const brokerTopic = this.kafka.topic(topic);
        const [latest, [committed]] = await Promise.all([
          admin.fetchTopicOffsets(brokerTopic),
          admin.fetchOffsets({ groupId: this.kafka.groupId(), topics: [brokerTopic] }),
        ]);
        for (const { partition, offset } of latest) {
          const done = committed?.partitions.find((p) => p.partition === partition)?.offset ?? '-1';
          const lag = Number(offset) - Math.max(0, Number(done));
          this.metrics.consumerLag.set({ topic, partition: String(partition) }, Math.max(0, lag));
        }
      }
    } catch (error) {
      this.logger.debug({ err: error }, 'could not read consumer lag');
    }
  }
}
