import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { replyWithError as reject } from './errors';

/** Longest request target (path and query string) a service accepts; the gateway allows 8 KiB. */
export const MAX_URL_LENGTH = 4096;
/** More query parameters than any endpoint takes is an abuse, not a request. */
export const MAX_QUERY_PARAMETERS = 32;
/** Deeper than any body an endpoint takes (the deepest DTO nests 3 levels) is an abuse. */
export const MAX_BODY_DEPTH = 32;

// C0 control characters and DEL have no place in an id, a filter or a search term.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// PostgreSQL text cannot hold NUL, so a NUL anywhere in a body would fail at the database.
const NUL = '\u0000';
// A lone UTF-16 surrogate cannot be stored as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const values = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(values) : typeof value === 'string' ? [value] : [];

/** What is wrong with the request's path parameters and query string, or undefined. */
export function urlInputProblem(request: FastifyRequest): HttpException | undefined {
  if (request.url.length > MAX_URL_LENGTH) {
    return new HttpException(
      `The request URL is longer than ${MAX_URL_LENGTH} characters`,
      HttpStatus.URI_TOO_LONG,
    );
  }
  const query = (request.query ?? {}) as Record<string, unknown>;
  const names = Object.keys(query);
  if (names.length > MAX_QUERY_PARAMETERS) {
    return new BadRequestException(`Too many query parameters (at most ${MAX_QUERY_PARAMETERS})`);
  }
  for (const name of names) {
    if (CONTROL.test(name) || LONE_SURROGATE.test(name)) {
      return new BadRequestException('A query parameter name contains control or invalid characters');
    }
    if (values(query[name]).some((text) => CONTROL.test(text) || LONE_SURROGATE.test(text))) {
      return new BadRequestException(`Query parameter ${name} contains control or invalid characters`);
    }
  }
  const params = (request.params ?? {}) as Record<string, unknown>;
  for (const [name, value] of Object.entries(params)) {
    if (values(value).some((text) => CONTROL.test(text) || LONE_SURROGATE.test(text))) {
      return new BadRequestException(`Path parameter ${name} contains control or invalid characters`);
    }
  }
  return undefined;
}

/** What a body holds that no endpoint takes. */
export type BodyProblem = { field: string } | { tooDeep: true };

/**
 * The first body field holding text PostgreSQL cannot store (NUL, lone surrogates), by its path;
 * or a body nesting deeper than MAX_BODY_DEPTH (walked without recursion, so no body can exhaust
 * the stack).
 */
export function bodyProblem(body: unknown): BodyProblem | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path, depth } = next;
    if (typeof value === 'string') {
      if (value.includes(NUL) || LONE_SURROGATE.test(value)) return { field: path || 'body' };
      continue;
    }
    // Binary bodies (an uploaded image) hold bytes, not text.
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (depth >= MAX_BODY_DEPTH) return { tooDeep: true };
    // Reversed onto the stack: fields are looked at in their order, the first problem named.
    for (const [key, child] of Object.entries(value).reverse()) {
      const field = path ? `${path}.${key}` : key;
      if (key.includes(NUL) || LONE_SURROGATE.test(key)) return { field };
      pending.push({ value: child, path: field, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * A body refused for its size (413) that declared at most this many bytes is read to its end and the
 * connection kept. Fastify closes it instead, while the gateway may still be sending the body: the
 * gateway then gets a broken pipe and answers 502 for the service's 413. The gateway forwards no
 * body over 20 MB, so the rest is bounded; a larger declared body still closes the connection.
 */
export const MAX_DRAINED_BODY_BYTES = 32 * 1024 * 1024;

/**
 * Query strings and path parameters are input like bodies: control characters, NUL bytes, invalid
 * text and oversized URLs get a JSON 4xx naming the parameter before any handler or query sees
 * them, and so does a body field whose text the database could not store. A body too large for
 * its route gets its 413 on a kept connection (MAX_DRAINED_BODY_BYTES).
 */
export function registerInputGuard(fastify: FastifyInstance): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const declared = Number(request.headers['content-length']);
    // Node reads the rest of an unread body off the wire once the response is sent on a kept connection.
    if (reply.statusCode === 413 && declared <= MAX_DRAINED_BODY_BYTES) reply.removeHeader('connection');
    done(null, payload);
  });
  fastify.addHook('preValidation', (request, reply, done) => {
    const urlProblem = urlInputProblem(request);
    if (urlProblem) return void reject(reply, urlProblem);
    const problem = bodyProblem(request.body);
    if (problem && 'tooDeep' in problem) {
      return void reject(reply, new BadRequestException(`body nests deeper than ${MAX_BODY_DEPTH} levels`));
    }
    if (problem) {
      return void reject(
        reply,
        new BadRequestException(`${problem.field} contains a NUL or invalid character`),
      );
    }
    done();
  });
}
