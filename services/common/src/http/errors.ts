import {
  ArgumentMetadata,
  ArgumentsHost,
  BadRequestException,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
  ValidationError,
  ValidationPipe,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
}

/** Fastify's own errors (bad JSON, oversize body, wrong content type) carry a statusCode and a code. */
interface FastifyStyleError {
  statusCode?: number;
  code?: string;
  message?: string;
}

const reasonPhrase = (status: number) => STATUS_CODES[status] ?? 'Error';

/** Error codes of a dependency that cannot be reached: sockets, and PostgreSQL going away. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const UNREACHABLE_NAMES = new Set([
  'KnexTimeoutError', // no pooled connection came free in time
  'ConnectionException',
  'MaxRetriesPerRequestError', // ioredis, while Redis is away
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
]);
// knex says "Transaction query already complete" to the first query of a transaction whose BEGIN
// failed: on a connection the server had cut a moment before (the PostgreSQL drill, 2 in 5,000).
const UNREACHABLE_MESSAGE =
  /Connection terminated|Connection is closed|connection error|terminating connection due to administrator command|the database system is (starting up|shutting down)|Transaction query already complete/i;

/**
 * Whether an error says that a dependency (PostgreSQL, Redis, Kafka) cannot be reached right now,
 * looking through the errors it wraps (MikroORM's DriverException keeps the driver's code).
 */
export function isDependencyUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== 'object' || depth > 5) return false;
  const { code, name, message, cause, previous } = error as Record<string, unknown>;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof name === 'string' && UNREACHABLE_NAMES.has(name)) return true;
  if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  return isDependencyUnavailable(cause, depth + 1) || isDependencyUnavailable(previous, depth + 1);
}

/** What a caller is told when a dependency is away: try again (the player and the SPA do). */
export const DEPENDENCY_UNAVAILABLE: ErrorBody = {
  statusCode: 503,
  error: 'Service Unavailable',
  message: 'A service this call needs is unavailable right now: try again shortly',
};
/** Seconds a client is asked to wait before it tries again after DEPENDENCY_UNAVAILABLE. */
export const RETRY_AFTER_SECONDS = 5;

/** Turns anything thrown into `{statusCode, error, message}`; unknown errors become a logged 500. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    if (typeof response === 'string')
      return { statusCode: status, error: reasonPhrase(status), message: response };
    const body = response as { message?: unknown; error?: unknown };
    const message = Array.isArray(body.message)
      ? body.message.join('; ')
      : typeof body.message === 'string'
        ? body.message
        : exception.message;
    const error = typeof body.error === 'string' ? body.error : reasonPhrase(status);
    return { ...(response as object), statusCode: status, error, message };
  }
  const fastifyError = exception as FastifyStyleError;
  if (
    typeof fastifyError?.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    const status = fastifyError.statusCode;
    const message =
      fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(fastifyError.message ?? '')
        ? `Malformed JSON body: ${fastifyError.message}`
        : (fastifyError.message ?? reasonPhrase(status));
    return { statusCode: status, error: reasonPhrase(status), message };
  }
  if (isDependencyUnavailable(exception)) return DEPENDENCY_UNAVAILABLE;
  return { statusCode: 500, error: reasonPhrase(500), message: 'Internal server error' };
}

/** Answers a request with the JSON error body of `exception`, outside Nest's filters (Fastify hooks). */
export function replyWithError(reply: FastifyReply, exception: HttpException): FastifyReply {
  const body = toErrorBody(exception);
  return reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
}

@Catch()
export class JsonErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    // An @EventPattern handler's error goes back to the Kafka consumer as it is: it retries, then
    // dead-letters the event with the error's message.
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const requestId = http.getRequest<FastifyRequest>().id;
    const body = toErrorBody(exception);
    if (body === DEPENDENCY_UNAVAILABLE) {
      this.logger.warn({ err: exception, requestId }, 'a dependency is unavailable: answered 503');
      void reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    } else if (body.statusCode >= 500) {
      this.logger.error({ err: exception, requestId }, 'unhandled error');
    }
    void reply.status(body.statusCode).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith(error.property) ? text.replace(error.property, path) : `${path}: ${text}`,
    );
    return [...own, ...flatten(error.children ?? [], path)];
  });
}

/**
 * Leaves path parameters as the raw text: their own pipes (ParseIdPipe) judge that text, and an
 * implicit Number() would let "012" or "1e3" through as ids.
 */
class KinoraValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/** DTO validation: unknown fields rejected, every failing field named in the message. */
export function createValidationPipe(): ValidationPipe {
  return new KinoraValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: false,
    errorHttpStatusCode: HttpStatus.BAD_REQUEST,
    // A field failing several checks that share one message (type, minimum, maximum) names it once.
    exceptionFactory: (errors) =>
      new BadRequestException([...new Set(flatten(errors))].join('; ') || 'Invalid request body'),
  });
}
