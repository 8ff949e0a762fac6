import type { AnyEntity, EntityClass } from '@mikro-orm/core';
import type { MigrationObject } from '@mikro-orm/core';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Module, type ModuleMetadata, type Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { CONFIG, SERVICE_NAME, type BaseConfig } from '../config/config';
import { ormOptions } from '../database/database';
import { queryDbProvider, QUERY_DB } from '../database/query-db';
import { TableUpkeep } from '../database/table-upkeep';
import { DependencyHealth, HealthController } from '../health/health';
import { createValidationPipe, JsonErrorFilter } from '../http/errors';
import { IdentityGuard } from '../identity/identity';
import { loggerParams, serviceLoggers, SERVICE_LOGGERS, type ServiceLoggers } from '../logging/logging';
import { KafkaEventServer } from '../messaging/kafka-event.server';
import { BatchEventPlatform } from '../messaging/batch-event-consumer';
import { KafkaService } from '../messaging/kafka.service';
import { OutboxRelay } from '../messaging/outbox.relay';
import { OutboxService } from '../messaging/outbox.service';
import { AuditTrail } from '../audit/audit-trail';
import { MetricsController, MetricsService } from '../metrics/metrics';
import { RedisService } from '../redis/redis';

export interface PlatformOptions {
  /** "auth", "catalog", ... */
  name: string;
  /** The validated configuration (loadConfig), read once at boot. */
  config: BaseConfig;
  entities: EntityClass<AnyEntity>[];
  migrations: MigrationObject[];
  /**
   * Paths (without query) of high-rate calls whose requests are not logged one by one, e.g. the
   * player's viewing-session writes; their failures are still logged by the error filter, and
   * /metrics counts them all.
   */
  quietPaths?: RegExp;
}

/**
 * Everything a Kinora service stands on, wired once: config, JSON logs, its database, Redis, Kafka
 * with the outbox relay and the idempotent consumer (the transport of the service's `@EventPattern`
 * handlers, which runService attaches), health, metrics, the identity guard, the JSON
 * error filter and DTO validation.
 */
@Module({})
export class PlatformModule {
  static forService(options: PlatformOptions): DynamicModule {
    // Made when the app is built, not when the module is declared: the OpenAPI generator declares
    // every service's module with a stand-in config and builds no provider.
    let made: ServiceLoggers | undefined;
    const loggers = () => (made ??= serviceLoggers(options.name, options.config, options.quietPaths));
    return {
      module: PlatformModule,
      global: true,
      imports: [
        LoggerModule.forRootAsync({ useFactory: () => loggerParams(loggers()) }),
        MikroOrmModule.forRoot({
          ...ormOptions({
            url: options.config.DATABASE_URL,
            entities: options.entities,
            migrations: options.migrations,
          }),
          // No request context (a middleware and an async context on every request): each
          // service forks the entity manager where it uses one, and the query layer runs on the
          // forked transaction's connection (query-db.ts).
          registerRequestContext: false,
        }),
        TerminusModule.forRoot({ errorLogStyle: 'json', gracefulShutdownTimeoutMs: 0 }),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: CONFIG, useValue: options.config },
        { provide: SERVICE_NAME, useValue: options.name },
        { provide: SERVICE_LOGGERS, useFactory: loggers },
        MetricsService,
        RedisService,
        KafkaService,
        OutboxRelay,
        OutboxService,
        AuditTrail,
        TableUpkeep,
        queryDbProvider,
        DependencyHealth,
        KafkaEventServer,
        BatchEventPlatform,
        { provide: APP_GUARD, useClass: IdentityGuard },
        { provide: APP_FILTER, useClass: JsonErrorFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
      exports: [
        CONFIG,
        SERVICE_NAME,
        SERVICE_LOGGERS,
        MetricsService,
        RedisService,
        KafkaService,
        OutboxService,
        AuditTrail,
        KafkaEventServer,
        BatchEventPlatform,
        QUERY_DB,
      ],
    };
  }
}

/** What a service's root module adds to the platform: its modules, controllers, handlers, providers. */
export interface ServiceModuleMetadata extends ModuleMetadata {
  global?: boolean;
}

/**
 * The base of a service's root module: `AppModule.forRoot(config)` imports PlatformModule for the
 * service (its name and database, with the config) and adds what `parts(config)` names. A service
 * declares it as `export class AppModule extends ServiceRootModule<Config>({ name, ...DATABASE }, (config) => ({ ... })) {}`.
 */
export function ServiceRootModule<C extends BaseConfig>(
  platform: Omit<PlatformOptions, 'config'>,
  parts: (config: C) => ServiceModuleMetadata,
) {
  @Module({})
  class ServiceRoot {
    static forRoot(this: Type, config: C): DynamicModule {
      const { imports = [], ...rest } = parts(config);
      return {
        module: this,
        ...rest,
        imports: [PlatformModule.forService({ ...platform, config }), ...imports],
      };
    }
  }
  return ServiceRoot;
}
