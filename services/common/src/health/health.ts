import { Controller, Get, Injectable } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorService,
  MikroOrmHealthIndicator,
} from '@nestjs/terminus';
import { KafkaService } from '../messaging/kafka.service';
import { RedisService } from '../redis/redis';

const withTimeout = <T>(work: Promise<T>, ms: number, what: string) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms),
    ),
  ]);

@Injectable()
export class DependencyHealth {
  constructor(
    private readonly indicator: HealthIndicatorService,
    private readonly redis: RedisService,
    private readonly kafka: KafkaService,
  ) {}

  async redisCheck() {
    const check = this.indicator.check('redis');
    try {
      await withTimeout(this.redis.client.ping(), 1500, 'redis ping');
      return check.up();
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }

  async kafkaCheck() {
    const check = this.indicator.check('kafka');
    try {
      const admin = await withTimeout(this.kafka.admin(), 3000, 'kafka connect');
      const cluster = await withTimeout(admin.describeCluster(), 1500, 'kafka describeCluster');
      return check.up({ brokers: cluster.brokers.length });
    } catch (error) {
      return check.down({ message: (error as Error).message });
    }
  }
}

/** Probes for the orchestrator and the gateway: not part of the public API document. */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: MikroOrmHealthIndicator,
    private readonly dependencies: DependencyHealth,
  ) {}

  /** Readiness: the database, Redis and Kafka all answer. */
  @Get()
  @HealthCheck()
  check() {
    return this.health.check([
      () => this.database.pingCheck('database', { timeout: 1500 }),
      () => this.dependencies.redisCheck(),
      () => this.dependencies.kafkaCheck(),
    ]);
  }

  /** Liveness: the process serves requests. */
  @Get('live')
  live() {
    return { status: 'ok' };
  }
}
