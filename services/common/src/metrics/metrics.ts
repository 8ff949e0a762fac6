import { Controller, Get, Header, Injectable } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

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

  readonly consumerLag = new Gauge({
    name: 'kafka_consumer_lag',
    help: 'Messages behind the newest offset, by topic and partition',
    labelNames: ['topic', 'partition'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
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
