import { Controller, Get, Header, Inject, Injectable } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CONFIG, type BaseConfig } from '../config/config';

/** One Prometheus registry per process, exposed at GET /metrics. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly eventsConsumed = new Counter({
    name: 'kafka_events_consumed_total',
    help: 'Events handled by this service, by topic and outcome (handled, duplicate, dead-lettered)',
    labelNames: ['topic', 'outcome'],
    registers: [this.registry],
  });

  readonly eventsPublished = new Counter({
    name: 'outbox_events_published_total',
    help: 'Events the outbox relay published to Kafka, by topic',
    labelNames: ['topic'],
    registers: [this.registry],
  });

  readonly outboxBacklog = new Gauge({
    name: 'outbox_backlog',
    help: 'Outbox rows not yet published',
    registers: [this.registry],
  });

  /** What fills consumerLag at each scrape: one reader per consumer group of this process. */
  private readonly lagReaders = new Set<() => Promise<void>>();

  /**
   * Read when /metrics is scraped, not on a timer: an idle, unscraped process asks Kafka nothing.
   * Every consumer group of the process (KafkaEventServer's, analytics-worker's batch consumers)
   * adds its reader with addLagReader.
   */
  readonly consumerLag = new Gauge({
    name: 'kafka_consumer_lag',
    help: 'Messages behind the newest offset, by consumer group, topic and partition',
    labelNames: ['group', 'topic', 'partition'],
    registers: [this.registry],
    collect: async () => {
      await Promise.all([...this.lagReaders].map((read) => read()));
    },
  });

  /** Adds a consumer group's lag reader; the returned function removes it (the consumer stopped). */
  addLagReader(read: () => Promise<void>): () => void {
    this.lagReaders.add(read);
    return () => this.lagReaders.delete(read);
  }

  constructor(@Inject(CONFIG) config: BaseConfig) {
    // The event-loop delay histogram samples on a timer of its own, which wakes even an idle
    // process; at prom-client's default (10 ms) that alone cost ~0.3 % of a core per process.
    collectDefaultMetrics({
      register: this.registry,
      eventLoopMonitoringPrecision: config.METRICS_EVENT_LOOP_RESOLUTION_MS,
    });
  }
}

@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
