import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Kafka, logLevel, Partitioners, type Admin, type Producer } from 'kafkajs';
import { CONFIG, SERVICE_NAME, type BaseConfig } from '../config/config';
import { patchKafkajsTimers } from './kafkajs-timers';

// Before any client connects: without it every broker connection wakes the process ~900 times a second.
patchKafkajsTimers();

const LEVELS: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

/**
 * A client connected on first use and kept; a failed connection is forgotten, so the next use
 * tries again.
 */
class ConnectedOnce<T extends { connect(): Promise<void>; disconnect(): Promise<void> }> {
  private ready?: Promise<T>;

  constructor(private readonly create: () => T) {}

  get(): Promise<T> {
    this.ready ??= (async () => {
      const client = this.create();
      await client.connect();
      return client;
    })().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }

  /** Disconnects the client if one was connected. */
  async close(): Promise<void> {
    const client = await this.ready?.catch(() => undefined);
    await client?.disconnect();
  }
}

/** The Kafka client of a service: one idempotent producer and one admin client, both lazy. */
@Injectable()
export class KafkaService implements OnApplicationShutdown {
  readonly kafka: Kafka;
  // One request in flight keeps per-key order across retries; duplicates a retry may cause are
  // absorbed by consumers (they deduplicate on event_id), so kafkajs' idempotent mode, which
  // wants unbounded retries, is not needed.
  private readonly producerClient = new ConnectedOnce(() =>
    this.kafka.producer({ maxInFlightRequests: 1, createPartitioner: Partitioners.DefaultPartitioner }),
  );
  private readonly adminClient = new ConnectedOnce(() => this.kafka.admin());

  constructor(
    @Inject(CONFIG) readonly config: BaseConfig,
    @Inject(SERVICE_NAME) readonly serviceName: string,
  ) {
    const logger = new Logger('Kafka');
    this.kafka = new Kafka({
      clientId: `kinora-${serviceName}`,
      brokers: config.KAFKA_BROKERS as unknown as string[],
      connectionTimeout: 3000,
      logLevel: logLevel.WARN,
      // Retries back off to at most 5 s apart (kafkajs would wait up to 30 s): a broker that comes
      // back is found within seconds, and a send waiting on it holds the writes queued behind it
      // no longer than that.
      retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 5_000 },
      logCreator:
        () =>
        ({ level, log }) => {
          const { message, timestamp: _timestamp, logger: _logger, ...rest } = log;
          const details = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
          logger[LEVELS[level] ?? 'log'](`${message}${details}`);
        },
    });
  }

  /** The broker topic for an event family's topic (adds KAFKA_TOPIC_PREFIX). */
  topic(name: string): string {
    return `${this.config.KAFKA_TOPIC_PREFIX}${name}`;
  }

  /** The event family's topic for a broker topic (strips KAFKA_TOPIC_PREFIX). */
  familyOf(brokerTopic: string): string {
    return brokerTopic.slice(this.config.KAFKA_TOPIC_PREFIX.length);
  }

  groupId(suffix = ''): string {
    return `${this.config.KAFKA_TOPIC_PREFIX}${this.serviceName}${suffix}`;
  }

  producer(): Promise<Producer> {
    return this.producerClient.get();
  }

  admin(): Promise<Admin> {
    return this.adminClient.get();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([this.producerClient.close(), this.adminClient.close()]);
  }
}
