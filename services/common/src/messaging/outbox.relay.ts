import type { FlushEventArgs, TransactionEventArgs } from '@mikro-orm/core';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { CONFIG, type BaseConfig } from '../config/config';
import { MetricsService } from '../metrics/metrics';
import { createQueryDb } from '../database/query-db';
import type { DB } from '../database.gen';
import { KafkaService } from './kafka.service';
import { OutboxRepository } from './outbox.repository';

const BATCH = 200;
/** How soon a woken relay tries again while another process's relay holds the relay lock. */
const LOCKED_OUT_RETRY_MS = 50;

/** A transaction as the query builder holds it; a nested one knows its parent. */
interface Transaction {
  parentTransaction?: Transaction;
}

/**
 * Publishes committed outbox rows to Kafka and marks them published, in one database transaction.
 * A crash between the two publishes a row again on restart: at-least-once, which consumers absorb
 * by deduplicating on event_id.
 *
 * It wakes when a transaction of this process that added an outbox row commits (the ORM's
 * afterTransactionCommit), and otherwise sleeps OUTBOX_POLL_MS, a safety net, not the way events
 * leave: an idle service makes no query. One relay per database holds the relay lock at a time; a
 * woken relay that finds it held tries again shortly, so a replica's rows never wait for the poll.
 * (No NOTIFY: a notifying commit takes PostgreSQL's database-wide notify lock through its WAL
 * flush, which serialised every event-writing commit of a busy service.)
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private running = false;
  private loop?: Promise<void>;
  private wakeUp?: () => void;
  private pendingWake = false;
  private lastCleanup = 0;
  /** Open transactions that added an outbox row: the relay wakes when one of them commits. */
  private readonly adding = new WeakSet<Transaction>();
  /** Entity managers outside a transaction that persisted an outbox row: it is written by their next flush. */
  private readonly unflushed = new WeakSet<EntityManager>();

  private readonly outbox: OutboxRepository;

  constructor(
    private readonly orm: MikroORM,
    private readonly kafka: KafkaService,
    private readonly metrics: MetricsService,
    @Inject(CONFIG) private readonly config: BaseConfig,
  ) {
    this.outbox = new OutboxRepository(createQueryDb<DB>(orm.em));
    // Forks share the root's event manager, so these see every entity manager of the process.
    orm.em.getEventManager().registerSubscriber({
      afterTransactionCommit: ({ transaction }: TransactionEventArgs) => {
        if (this.adding.has(transaction as Transaction)) this.wake();
      },
      afterFlush: ({ em }: FlushEventArgs) => {
        if (!this.unflushed.has(em as EntityManager)) return;
        this.unflushed.delete(em as EntityManager);
        // A flush outside a transaction commits its own; inside one, the row waits for that commit.
        if (em.isInTransaction()) this.wakeAfterCommit(em as EntityManager);
        else this.wake();
      },
    });
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
  }

  /**
   * Wakes the relay when `em`'s transaction (its outermost, if nested) commits. Outside a
   * transaction the row is written by `em`'s next flush: the relay wakes after it.
   */
  wakeAfterCommit(em: EntityManager): void {
    let transaction = em.getTransactionContext<Transaction>();
    if (!transaction) {
      this.unflushed.add(em.getContext(false));
      return;
    }
    while (transaction.parentTransaction) transaction = transaction.parentTransaction;
    this.adding.add(transaction);
  }

  /** Asks for a pass now. */
  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      let published: number | 'locked out' = 0;
      try {
        published = await this.publishBatch();
        failures = 0;
        if (published === BATCH) continue;
      } catch (error) {
        failures += 1;
        this.logger.warn({ err: error, failures }, 'outbox relay pass failed; will retry');
      }
      if (failures > 0) await this.sleep(Math.min(10_000, 250 * 2 ** failures), false);
      else if (published === 'locked out') await this.sleep(LOCKED_OUT_RETRY_MS, false);
      else await this.sleep(this.config.OUTBOX_POLL_MS, true);
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

  /** One pass: returns how many events it published, or that another relay holds the lock. */
  async publishBatch(): Promise<number | 'locked out'> {
    const published = await this.orm.em.fork().transactional(async () => {
      if (!(await this.outbox.tryRelayLock())) return 'locked out' as const;
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
    if (published === 'locked out') return published;
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
