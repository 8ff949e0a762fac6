import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import type { DynamicModule, NestApplicationOptions } from '@nestjs/common';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { z } from 'zod';
import { ConfigError, loadConfig, type BaseConfig } from '../config/config';
import { registerInputGuard } from '../http/input-guard';
import { registerAccessLog, requestIdOf, SERVICE_LOGGERS } from '../logging/logging';
import { KafkaEventServer } from '../messaging/kafka-event.server';
import { MetricsService } from '../metrics/metrics';
import { registerHttpSpans } from '../tracing/http-spans';
import { startTracing, stopTracing, tracingEnabled } from '../tracing/tracing';

export interface ServiceApp {
  app: NestFastifyApplication;
  url: string;
}

/** The Fastify adapter every service runs on: body limit, proxy trust, gateway request ids. */
export function serviceAdapter(): FastifyAdapter {
  return new FastifyAdapter({
    bodyLimit: 1024 * 1024,
    // The gateway overwrites X-Forwarded-For with the client's address. It reaches a service over
    // loopback (make up) or a private network (compose, k8s): only those hops are believed, so
    // viewers' countries, caps and rate limits follow the real client there too.
    trustProxy: ['loopback', 'uniquelocal'],
    genReqId: (req: import('node:http').IncomingMessage) => requestIdOf(req),
    return503OnClosing: true,
  });
}

// abortOnError off: a wiring error is thrown to the caller (serviceMain logs it and exits 1;
// a test's afterAll() hooks still run and remove what the test created).
export const SERVICE_APP_OPTIONS: NestApplicationOptions = { bufferLogs: true, abortOnError: false };

/**
 * Builds the Fastify-based Nest application of a service (not listening yet), with its Kafka
 * consumer attached as a microservice: the `@EventPattern` handlers of its controllers run on it,
 * under the app's global guard, pipe and filter. It consumes once startAllMicroservices() is
 * called (runService, createTestApp) and stops, committing its offsets, in app.close(). A bare
 * application context (seeds, scripts) has no consumer.
 */
export async function createServiceApp(module: DynamicModule): Promise<NestFastifyApplication> {
  const app = await NestFactory.create<NestFastifyApplication>(module, serviceAdapter(), SERVICE_APP_OPTIONS);
  return configureServiceApp(app);
}

/**
 * What every service app gets on top of its module (also applied to the apps that tests build
 * with @nestjs/testing): the pino logger with one access line per response, the Kafka consumer,
 * the input guard, request spans (when tracing is on) and metrics, and the request id echoed on every response.
 */
export function configureServiceApp(app: NestFastifyApplication): NestFastifyApplication {
  app.useLogger(app.get(Logger));
  app.connectMicroservice<MicroserviceOptions>(
    { strategy: app.get(KafkaEventServer) },
    { inheritAppConfig: true },
  );

  const metrics = app.get(MetricsService);
  const fastify = app.getHttpAdapter().getInstance();
  registerInputGuard(fastify);
  registerAccessLog(fastify, app.get(SERVICE_LOGGERS));
  if (tracingEnabled()) registerHttpSpans(fastify);
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  return app;
}

/**
 * Starts a service: tracing, the app on HOST:PORT, graceful shutdown on SIGTERM/SIGINT
 * (stop taking requests, finish in-flight ones, commit consumer offsets, close connections).
 */
export async function runService(
  name: string,
  module: DynamicModule,
  config: BaseConfig,
): Promise<ServiceApp> {
  startTracing(name, config.OTEL_EXPORTER_OTLP_ENDPOINT);
  const app = await createServiceApp(module);
  await app.init();
  // HTTP first: no call waits on the consumer, and a consumer restarted after a crash joins its
  // group only once the broker has given up on the dead member (up to KAFKA_SESSION_TIMEOUT_MS),
  // which kept the restarted service from answering for that long.
  await app.listen({ host: config.HOST, port: config.PORT });
  const logger = app.get(Logger);
  logger.log(`${name} listening on ${config.HOST}:${config.PORT}`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: shutting down`);
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    void app
      .close()
      .then(stopTracing)
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error(error);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  await app.startAllMicroservices();
  return { app, url: await app.getUrl() };
}

/**
 * A service's entry point: validate the environment (exit 1 listing every bad variable), then run.
 */
export function serviceMain<S extends z.ZodType<BaseConfig, z.ZodTypeDef, unknown>>(
  name: string,
  schema: S,
  module: (config: z.infer<S>) => DynamicModule,
): void {
  let config: z.infer<S>;
  try {
    config = loadConfig(schema);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[${name}] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  runService(name, module(config), config).catch((error: unknown) => {
    console.error(`[${name}] failed to start:`, error);
    process.exit(1);
  });
}
