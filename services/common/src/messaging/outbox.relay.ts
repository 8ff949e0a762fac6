import { MikroORM } from '@mikro-orm/postgresql';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { CONFIG, type BaseConfig } from '../config/config';
import { PgListener } from '../database/pg-listener';
import { MetricsService } from '../metrics/metrics';
import { createQueryDb } from '../database/query-db';
import type { DB } from '../database.gen';
import { KafkaService } from './kafka.service';
import { OutboxRepository } from './outbox.repository';

const BATCH = 200;
/** How often the relay looks for rows while it cannot listen for them. */
const DISCONNECTED_POLL_MS = 250;

/** The channel the outbox's insert trigger notifies on commit (outbox-notify.migration.ts). */
const CHANNEL = 'kinora_outbox';

/**
 * Publishes committed outbox rows to Kafka and marks them published, in one database transaction.
 * A crash between the two publishes a row again on restart: at-least-once, which consumers absorb
 * by deduplicating on event_id.
 *
 * It wakes when an outbox row is committed (PostgreSQL NOTIFY, from this process or any other on
 * the database) and otherwise sleeps OUTBOX_POLL_MS, a safety net, not the way events leave: an
 * idle service makes no query. While the listening connection is down it polls 4 times a second.
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  private pendingWake = false;
  private lastCleanup = 0;
  /** Wakes the relay on every committed outbox row; a pass follows each (re)connection. */
  private readonly listener: PgListener;

  private readonly outbox: OutboxRepository;

  constructor(
    private readonly orm: MikroORM,
    private readonly kafka: KafkaService,
    private readonly metrics: MetricsService,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {
    this.outbox = new OutboxRepository(createQueryDb<DB>(orm.em));
    this.listener = new PgListener({
      name: 'outbox',
      connectionString: config.DATABASE_URL,
      channels: [CHANNEL],
      onNotification: () => this.wake(),
      onListening: () => this.wake(),
    });
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.listener.start();
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    await this.listener.stop();
  }

  /** Asks for a pass soon (after the caller's transaction has had time to commit). */
  wake(): void {
    this.pendingWake = true;
    setTimeout(() => this.wakeUp?.(), 5).unref();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      try {
        const published = await this.publishBatch();
        failures = 0;
        if (published === BATCH) continue;
      } catch (error) {
        failures += 1;
        this.logger.warn({ err: error, failures }, 'outbox relay pass failed; will retry');
      }
      if (failures > 0) await this.sleep(Math.min(10_000, 250 * 2 ** failures), false);
      else
        await this.sleep(this.listener.listening ? this.config.OUTBOX_POLL_MS : DISCONNECTED_POLL_MS, true);
    }
  }

  private sleep(ms: number, wakeable: boolean): Promise<void> {
    if (wakeable && this.pendingWake) {
      this.pendingWake = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        if (!wakeable && this.running) return;
        clearTimeout(timer);
        this.pendingWake = false;
        resolve();
      };
    });
  }

  /** One pass: returns how many events it published. */
  async publishBatch(): Promise<number> {
    const published = await this.orm.em.fork().transactional(async () => {
      if (!(await this.outbox.tryRelayLock())) return [];
      const rows = await this.outbox.unpublished(BATCH);
      if (rows.length === 0) return [];
      const producer = await this.kafka.producer();
      const byTopic = new Map<string, typeof rows>();
      for (const row of rows) byTopic.set(row.topic, [...(byTopic.get(row.topic) ?? []), row]);
      await producer.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, topicRows]) => ({
          topic: this.kafka.topic(topic),
          messages: topicRows.map((row) => ({ key: row.key, value: row.payload, headers: row.headers })),
        })),
      });
      await this.outbox.markPublished(rows.map((row) => row.id));
      return rows;
    });
    for (const row of published) this.metrics.eventsPublished.inc({ topic: row.topic });
    if (Date.now() - this.lastCleanup > 60_000) {
      this.lastCleanup = Date.now();
      await this.outbox.deleteOldPublished();
    }
    if (published.length > 0) {
      this.metrics.outboxBacklog.set(await this.outbox.backlog());
    }
    return published.length;
  }
}
