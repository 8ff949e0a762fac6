import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Params } from 'nestjs-pino';
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

/** `quiet`: paths whose requests are not logged one by one (see PlatformOptions.quietPaths). */
export function loggerParams(service: string, config: Pick<BaseConfig, 'LOG_LEVEL'>, quiet?: RegExp): Params {
  return {
    pinoHttp: {
      level: config.LOG_LEVEL,
      base: { service },
      genReqId: (req) => requestIdOf(req),
      customProps: (req) => ({ requestId: req.id, userId: req.headers['x-user-id'] }),
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          // Drop the query string: it may carry tokens (invitation links, codes).
          url: req.url?.split('?')[0],
        }),
        // Status only: response headers carry Set-Cookie.
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: {
        ignore: (req) =>
          req.url === '/health/live' ||
          req.url === '/metrics' ||
          (quiet?.test(req.url?.split('?')[0] ?? '') ?? false),
      },
    },
  };
}
