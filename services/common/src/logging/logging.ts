import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Params } from 'nestjs-pino';
import { destination as stdoutStream, pino, type DestinationStream, type Logger } from 'pino';
import type { BaseConfig } from '../config/config';

/**
 * Secrets that must never reach a log line: cookies carry session ids, bodies of sign-in calls
 * carry codes. Request bodies are never logged at all.
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.code',
  '*.sessionId',
  '*.token',
];

export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  const id = Array.isArray(header) ? header[0] : header;
  return id && /^[\w-]{1,128}$/.test(id) ? id : randomUUID();
}

/** The Nest provider of the service's ServiceLoggers (PlatformModule). */
export const SERVICE_LOGGERS = Symbol('SERVICE_LOGGERS');

/** A service's loggers: what its code logs (redacted), and one line per response (access). */
export interface ServiceLoggers {
  app: Logger;
  access: Logger;
  /** Paths whose requests get no access line (see PlatformOptions.quietPaths). */
  quiet?: RegExp;
}

/**
 * Both loggers write JSON lines to one asynchronous stdout stream (flushed at exit): lines logged
 * while a write is under way go out together in the next, where a synchronous write per line
 * cost each request a system call.
 */
export function serviceLoggers(
  service: string,
  config: Pick<BaseConfig, 'LOG_LEVEL'>,
  quiet?: RegExp,
  destination: DestinationStream = stdoutStream({ sync: false }),
): ServiceLoggers {
  const base = { level: config.LOG_LEVEL, base: { service } };
  return {
    app: pino({ ...base, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, destination),
    // Its fields are chosen below, none of them a secret, so it skips redaction's walk.
    access: pino(base, destination),
    quiet,
  };
}

/**
 * Nest's logger (nestjs-pino) over the app logger, with no per-request middleware: no child
 * logger and no async context per request. A line logged while serving a request does not carry
 * its id; the access line and the error filter's line do.
 */
export function loggerParams(loggers: ServiceLoggers): Params {
  return { pinoHttp: { logger: loggers.app }, forRoutes: [] };
}

/**
 * One line per response, from Fastify's onResponse hook: request id, member, method, path (never
 * the query string, which may carry tokens), status and time. Server errors log at error level.
 */
export function registerAccessLog(fastify: FastifyInstance, { access, quiet }: ServiceLoggers): void {
  fastify.addHook('onResponse', (request, reply, done) => {
    const query = request.url.indexOf('?');
    const url = query === -1 ? request.url : request.url.slice(0, query);
    if (url !== '/health/live' && url !== '/metrics' && !quiet?.test(url)) {
      const line = {
        requestId: request.id,
        userId: request.headers['x-user-id'],
        method: request.method,
        url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime),
      };
      if (reply.statusCode >= 500) access.error(line, 'request errored');
      else access.info(line, 'request completed');
    }
    done();
  });
}
