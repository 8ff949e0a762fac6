import type { AppControllerRoute, ControllerHandlerReturnType } from '@bull-board/api/dist/types';
import { FastifyAdapter } from '@bull-board/fastify';
import { BadRequestException, Logger } from '@nestjs/common';
import { toErrorBody, type ErrorBody } from '@kinora/common';
import { STATUS_CODES } from 'node:http';

/** Where the board is mounted: its page, its static files and its JSON calls (under /api). */
export const JOBS_BOARD_PATH = '/api/admin/jobs';

/** The two writes the view offers: retrying one failed job, or every failed job of a queue. */
const RETRIES = new Set(['/api/queues/:queueName/:jobId/retry', '/api/queues/:queueName/retry/:queueStatus']);

const listOf = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * Whether Kinora offers one of the board's calls: every read, and the retries. Pausing, emptying,
 * cleaning, adding or editing jobs are left out: an admin retries work, the services own the rest.
 */
export function isOffered(route: Pick<AppControllerRoute, 'method' | 'route'>): boolean {
  return (
    listOf(route.method).every((method) => method === 'get') ||
    listOf(route.route).every((path) => RETRIES.has(path))
  );
}

interface BoardErrorBody {
  error?: string | { key?: string; options?: Record<string, unknown> };
  message?: unknown;
}

/** The board's translation key as a sentence: ERRORS.JOB_NOT_RETRIABLE {state} → "Job not retriable (state: active)". */
function sentenceOf(error: BoardErrorBody['error']): string {
  if (typeof error === 'string') return error;
  const words = (error?.key ?? 'ERRORS.UNKNOWN')
    .replace(/^ERRORS\./, '')
    .toLowerCase()
    .replace(/_/g, ' ');
  const options = Object.entries(error?.options ?? {}).map(([name, value]) => `${name}: ${String(value)}`);
  const sentence = words.charAt(0).toUpperCase() + words.slice(1);
  return options.length ? `${sentence} (${options.join(', ')})` : sentence;
}

/** A board error answer as every Kinora error: `{statusCode, error, message}`. */
export function asKinoraError(result: ControllerHandlerReturnType): ControllerHandlerReturnType {
  const status = result.status ?? 200;
  if (status < 400) return result;
  const { error, message } = (result.body ?? {}) as BoardErrorBody;
  const body: ErrorBody = {
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    message: typeof message === 'string' ? message : sentenceOf(error),
  };
  return { status, body };
}

/**
 * bull-board's Fastify adapter with only the offered calls registered (the others are the usual
 * JSON 404) and every error answered in Kinora's shape; a dependency away is a 503, as elsewhere.
 */
export class JobsBoardAdapter extends FastifyAdapter {
  private readonly logger = new Logger('JobsBoard');

  override setApiRoutes(routes: AppControllerRoute[]): this {
    super.setApiRoutes(
      routes.filter(isOffered).map((route) => ({
        ...route,
        handler: async (request) => asKinoraError(await route.handler(request)),
      })) as AppControllerRoute[],
    );
    return this;
  }

  override setErrorHandler(): this {
    super.setErrorHandler((error: Error) => {
      // The board decodes some query values a second time: a literal "%" there throws URIError.
      const body = toErrorBody(
        error instanceof URIError
          ? new BadRequestException('A query value holds a malformed % escape')
          : error,
      );
      if (body.statusCode >= 500) this.logger.error({ err: error }, 'jobs board call failed');
      return { status: body.statusCode as ControllerHandlerReturnType['status'], body };
    });
    return this;
  }
}
