import { fromBinary, type DescMessage, type MessageShape } from '@bufbuild/protobuf';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { topicOf, type Envelope } from '@kinora/proto';
import type { KafkaMessage } from 'kafkajs';
import { CONFIG, type BaseConfig } from '../config/config';
import { MetricsService } from '../metrics/metrics';
import { KafkaService } from './kafka.service';
import { CONSUMER_RESTART_DELAY_MS } from './restart-on-crash';
import { TopicConsumer } from './topic-consumer';

/** The largest value an int4 column takes. */
const INT4_MAX = 2_147_483_647;
/** The times PostgreSQL reads back as written (four-digit years). */
const EARLIEST = Date.UTC(1, 0, 1);
const LATEST = Date.UTC(10_000, 0, 1);

/**
 * What a batch consumer's `read` checks of an event's values before they go into one statement
 * with the rest of the batch, since one value PostgreSQL cannot store would fail them all: each
 * throws (the event is unreadable, skipped and counted) naming the field.
 */
export const storable = {
  /** A whole number that fits an int4 column. */
  int(value: number, field: string): number {
    if (!(Number.isInteger(value) && Math.abs(value) <= INT4_MAX))
      throw new Error(`${field} ${value} out of range`);
    return value;
  },
  /** Text without NUL, which PostgreSQL's text cannot hold. */
  text(value: string, field: string): string {
    if (value.includes('\0')) throw new Error(`${field} holds a NUL`);
    return value;
  },
  /** A time PostgreSQL stores and reads back as written; throws when there is none. */
  time(timestamp: Timestamp | undefined, field: string): Date {
    if (!timestamp) throw new Error(`event has no ${field}`);
    const date = timestampDate(timestamp);
    const time = date.getTime();
    if (!(time >= EARLIEST && time < LATEST)) throw new Error(`${field} out of range`);
    return date;
  },
};

/** What every batch event consumer is built with: the platform's services (PlatformModule's). */
@Injectable()
export class BatchEventPlatform {
  constructor(
    readonly kafka: KafkaService,
    @Inject(CONFIG) readonly config: BaseConfig,
    readonly metrics: MetricsService,
    /** Tells a service's app (which consumes) from a bare context such as a seed (which does not). */
    readonly adapterHost: HttpAdapterHost,
  ) {}
}

/**
 * An event handler that applies a fetched batch of one topic at once, for events whose effect can
 * be computed as a set (say, newest wins per key), where one transaction per event would cost a
 * round trip per statement per event. It runs in a consumer group of its own (the service's group
 * id with `groupSuffix`), since the service's `@EventPattern` handlers take their topics one message
 * at a time.
 *
 * There is no ledger: `apply` must make a batch delivered again (a crash before the offsets are
 * committed) a no-op by itself. An event that cannot be read is logged, counted
 * (`kafka_events_consumed_total{outcome="unreadable"}`) and skipped, like analytics' batch
 * consumers do; a batch whose `apply` throws is not committed, and kafkajs runs it again.
 *
 * It consumes in a service's app only, never in a bare application context (a seed, a script),
 * and joins its group in the background, so the service answers HTTP meanwhile (like the
 * `@EventPattern` consumer, which starts after the app listens).
 */
export abstract class BatchEventConsumer<Schema extends DescMessage, Item>
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  protected readonly logger = new Logger(this.constructor.name);
  readonly topic: string;
  private consumer?: TopicConsumer;
  private stopped = false;

  protected constructor(
    private readonly platform: BatchEventPlatform,
    private readonly options: { schema: Schema; groupSuffix: string },
  ) {
    this.topic = topicOf(options.schema);
  }

  /**
   * What the batch is to apply of an event: undefined for nothing; throws when it is unreadable.
   * The message is there for what the event leaves out, such as the time Kafka took it.
   */
  protected abstract read(
    event: MessageShape<Schema>,
    envelope: Envelope,
    message: KafkaMessage,
  ): Item | undefined;

  /** Applies a batch's items, in the order the partition holds their events. */
  protected abstract apply(items: Item[]): Promise<void>;

  onApplicationBootstrap(): void {
    if (this.platform.adapterHost.httpAdapter) this.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.consumer?.stop();
  }

  /** Reads a batch, skipping (and counting) what is unreadable, and applies the rest. */
  async process(messages: KafkaMessage[]): Promise<void> {
    const items: Item[] = [];
    let unreadable = 0;
    for (const message of messages) {
      try {
        if (!message.value) throw new Error('empty value');
        const event = fromBinary(this.options.schema, message.value);
        const envelope = (event as { envelope?: Envelope }).envelope;
        if (!envelope?.eventId) throw new Error('event has no envelope.event_id');
        const item = this.read(event, envelope, message);
        if (item !== undefined) items.push(item);
      } catch (error) {
        unreadable += 1;
        this.logger.error(
          { err: error, topic: this.topic, offset: message.offset },
          'unreadable event skipped',
        );
      }
    }
    if (items.length > 0) await this.apply(items);
    const consumed = this.platform.metrics.eventsConsumed;
    if (unreadable > 0) consumed.inc({ topic: this.topic, outcome: 'unreadable' }, unreadable);
    if (messages.length > unreadable) {
      consumed.inc({ topic: this.topic, outcome: 'handled' }, messages.length - unreadable);
    }
  }

  /** Joins the group; a failed start (Kafka away) is tried again with a fresh consumer. */
  private start(): void {
    if (this.stopped) return;
    const { kafka, config, metrics } = this.platform;
    const consumer = new TopicConsumer(
      kafka,
      config,
      metrics,
      this.logger,
      kafka.groupId(this.options.groupSuffix),
      [this.topic],
    );
    this.consumer = consumer;
    consumer
      .eachBatch((messages) => this.process(messages))
      .then(
        () => this.logger.log(`consuming ${this.topic} as ${consumer.groupId}`),
        async (error: unknown) => {
          await consumer.stop().catch(() => undefined);
          if (this.stopped) return;
          this.logger.warn(`could not start consuming ${this.topic} (${String(error)}); trying again`);
          setTimeout(() => this.start(), CONSUMER_RESTART_DELAY_MS);
        },
      );
  }
}
