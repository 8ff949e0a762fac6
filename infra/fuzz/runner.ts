/**
 * Sends fuzz requests over HTTP with bounded concurrency and judges every answer: never a 5xx,
 * never a dropped connection, every 4xx a JSON error body, no 2xx for a caller the operation
 * refuses (visitors on sign-in-only calls, anyone without the role on role-gated ones), and the
 * gateway's JSON 413 for a body above its 1 MB limit.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Agent } from 'undici';
import { bodyBytes } from './bodies';
import type { Operation } from './openapi';
import { allowedRoles, PERSONA_ROLES, signedInOnly, type Persona, type Role } from './policy';
import { isOversized, OVERSIZED_BYTES, type FuzzRequest } from './requests';

export interface FuzzResponse {
  status: number;
  headers: Record<string, string>;
  /** Decoded text of the body (4xx/5xx only; empty for the rest). */
  body: string;
  ms: number;
}

export interface FuzzOutcome {
  request: FuzzRequest;
  response?: FuzzResponse;
  /** The request got no answer (connection reset, timeout). */
  error?: string;
  problems: string[];
}

/** The persona's session cookies ("kinora_session=…"), kept fresh as the gateway renews them. */
export type Sessions = Partial<Record<Persona, string>>;

/** Routes allowed more than 1 MB (docs: gateway/README.md): their own service sets the limit. */
const LARGE_BODY_ROUTES = /^\/api\/(uploads|studio\/films|auth\/user\/avatar)(\/|\?|$)/;

/** The Cookie header `request` is sent with, from the persona's current session. */
export function cookieHeader(request: FuzzRequest, sessions: Sessions): string | undefined {
  const own = sessions[request.persona];
  const choice = request.cookie;
  switch (choice.kind) {
    case 'none':
      return undefined;
    case 'raw':
      return choice.value;
    case 'persona':
      return own;
    case 'beside':
      if (!own) return `kinora_session=${choice.forged}`;
      return choice.forgedFirst
        ? `kinora_session=${choice.forged}; ${own}`
        : `${own}; kinora_session=${choice.forged}`;
    case 'tampered': {
      // <token>.<user id>.<roles>.<version>.<expires>.<signature>: the real token with other claims,
      // keeping the old signature (so it no longer verifies) or dropping it (so auth is asked).
      const parts = (own ?? 'kinora_session=AAAA.x.-.0.0.AAAA').split('=')[1]!.split('.');
      parts[1] = choice.userId;
      parts[2] = choice.roles;
      parts[4] = '4102444800';
      return `kinora_session=${(choice.signed ? parts : parts.slice(0, 5)).join('.')}`;
    }
  }
}

/**
 * Whom the gateway should see: the persona for its own session (or its real token under forged
 * claims, which auth looks up), nobody for no cookie or a forged one.
 */
export function effectiveCaller(request: FuzzRequest): Persona {
  const choice = request.cookie;
  if (request.persona === 'visitor') return 'visitor';
  if (choice.kind === 'none' || choice.kind === 'raw') return 'visitor';
  if (choice.kind === 'tampered' && choice.signed) return 'visitor';
  return request.persona;
}

function decode(buffer: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(buffer).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(buffer).toString('utf8');
    if (encoding === 'deflate') return inflateSync(buffer).toString('utf8');
  } catch {
    return buffer.toString('latin1');
  }
  return buffer.toString('utf8');
}

/**
 * The path nginx routes `url` by: percent-decoded, "." and ".." resolved (a "%2F" decodes to a
 * separator first). A path that is not valid UTF-8 once decoded is left as it is.
 */
export function routedPath(url: string): string {
  const raw = url.split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return raw;
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/').slice(1)) {
    if (segment === '..') segments.pop();
    else if (segment !== '.') segments.push(segment);
  }
  return '/' + segments.join('/');
}

/** Whether `path` (routed) is an instance of the documented `template` ("/api/films/{id}"). */
function fits(path: string, template: string): boolean {
  const pattern = template.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}

/** What is wrong with `response` to `request` (empty when nothing is). */
export function judge(
  request: FuzzRequest,
  operation: Operation,
  response: FuzzResponse,
  roles: Record<Persona, readonly Role[]> = PERSONA_ROLES,
): string[] {
  const problems: string[] = [];
  const { status } = response;
  const path = routedPath(request.url);
  if (status >= 500) problems.push(`server error ${status}`);
  // Under /api every error is JSON; a path that resolves elsewhere ("/api/films/../../x") is the SPA's.
  if (status >= 400 && status < 500 && (path.startsWith('/api/') || path === '/api')) {
    const type = response.headers['content-type'] ?? '';
    if (!/^application\/json\b/.test(type))
      problems.push(`${status} without a JSON content type (${type || 'none'})`);
    else if (request.method !== 'HEAD') {
      try {
        const body = JSON.parse(response.body) as {
          statusCode?: unknown;
          message?: unknown;
          error?: unknown;
        };
        if (
          body.statusCode !== status ||
          typeof body.message !== 'string' ||
          typeof body.error !== 'string'
        ) {
          problems.push(`${status} body is not {statusCode, error, message}: ${response.body.slice(0, 200)}`);
        }
      } catch {
        problems.push(`${status} body is not JSON: ${response.body.slice(0, 200)}`);
      }
    }
  }
  // Who may call holds for the documented operation: another method, or a path that resolves to
  // another route, may well reach a different, public one.
  const documentedRoute = request.method === operation.method && fits(path, operation.path);
  if (status >= 200 && status < 300 && documentedRoute) {
    const caller = effectiveCaller(request);
    if (caller === 'visitor' && signedInOnly(operation)) {
      problems.push(`a caller without a valid session got ${status} from a call that needs one`);
    }
    const allowed = allowedRoles(operation.key);
    if (allowed && !roles[caller].some((role) => allowed.includes(role))) {
      problems.push(`${caller} got ${status} from a call only a role of ${allowed.join(', ')} may make`);
    }
  }
  if (isOversized(request) && !LARGE_BODY_ROUTES.test(path) && status !== 413) {
    problems.push(`a ${OVERSIZED_BYTES}-byte body got ${status}, not the gateway's 413`);
  }
  return problems;
}

export interface SenderOptions {
  gateway: string;
  sessions: Sessions;
  /** Per request (default 30 s): longer is a hang, reported as a failure. */
  timeoutMs?: number;
  connections?: number;
}

/** Sends requests to the gateway exactly as planned (the path is not normalised on the way). */
export function createSender(options: SenderOptions) {
  const agent = new Agent({
    connections: options.connections ?? 32,
    headersTimeout: options.timeoutMs ?? 30_000,
    bodyTimeout: options.timeoutMs ?? 30_000,
  });
  const send = async (request: FuzzRequest): Promise<FuzzResponse> => {
    const cookie = cookieHeader(request, options.sessions);
    const headers: Record<string, string> = { ...request.headers };
    if (cookie !== undefined) headers.cookie = cookie;
    const started = performance.now();
    const response = await agent.request({
      origin: options.gateway,
      path: request.url,
      method: request.method as 'GET',
      headers,
      body: request.body === undefined ? undefined : bodyBytes(request.body),
      // A connection of its own (Connection: close): a request sent on a kept-alive connection just
      // as the gateway closes it gets no answer through no fault of its own, and a request without
      // an answer must be one the gateway dropped.
      reset: true,
    });
    const flat: Record<string, string> = {};
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    let body = '';
    if (response.statusCode >= 400) {
      body = decode(Buffer.from(await response.body.arrayBuffer()), flat['content-encoding']);
    } else {
      await response.body.dump({ limit: Infinity });
    }
    renewSession(request, response.headers['set-cookie'], options.sessions);
    return { status: response.statusCode, headers: flat, body, ms: performance.now() - started };
  };
  return { send, close: () => agent.close() };
}

/** The gateway renews a session cookie now and then (docs/accounts.md): keep the new one. */
function renewSession(request: FuzzRequest, setCookie: string | string[] | undefined, sessions: Sessions) {
  if (request.cookie.kind !== 'persona' || request.persona === 'visitor' || !setCookie) return;
  for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
    const value = /^kinora_session=([^;]+)/.exec(line)?.[1];
    if (value) sessions[request.persona] = `kinora_session=${value}`;
  }
}

/**
 * Runs `task` over `items` with at most `concurrency` at a time, in order of start; returns when
 * all are done.
 */
export async function inPool<T>(items: Iterable<T>, concurrency: number, task: (item: T) => Promise<void>) {
  const iterator = items[Symbol.iterator]();
  const worker = async () => {
    for (let next = iterator.next(); !next.done; next = iterator.next()) await task(next.value);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Sends and judges one request; a request that gets no answer is a failure too. */
export async function sendAndJudge(
  request: FuzzRequest,
  operation: Operation,
  send: (request: FuzzRequest) => Promise<FuzzResponse>,
  roles: Record<Persona, readonly Role[]> = PERSONA_ROLES,
): Promise<FuzzOutcome> {
  try {
    const response = await send(request);
    return { request, response, problems: judge(request, operation, response, roles) };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { request, error: message, problems: [`no answer: ${message}`] };
  }
}

/** A failing request, printed so that it can be sent again by hand (and replayed by id). */
export function describeOutcome(outcome: FuzzOutcome, sessions: Sessions): string {
  const { request, response } = outcome;
  const cookie = cookieHeader(request, sessions);
  const headers = {
    ...request.headers,
    ...(cookie ? { cookie: cookie.replace(/=([^.;]{6})[^;]*/, '=$1…') } : {}),
  };
  const body =
    request.body === undefined
      ? '(none)'
      : typeof request.body === 'string'
        ? JSON.stringify(request.body.slice(0, 300)) +
          (request.body.length > 300 ? ` … (${request.body.length} chars)` : '')
        : request.body instanceof Uint8Array
          ? `${request.body.length} bytes: ${Buffer.from(request.body.slice(0, 120)).toString('hex')}`
          : `${request.body.large} bytes of JSON`;
  const headerText = Object.entries(headers)
    .map(
      ([name, value]) =>
        `${name}: ${value.length > 120 ? `${value.slice(0, 120)}… (${value.length} chars)` : value}`,
    )
    .join('\n      ');
  return [
    `  ✗ ${outcome.problems.join('; ')}`,
    `    id: ${request.id}   (${request.variant})`,
    `    ${request.method} ${request.url.length > 400 ? `${request.url.slice(0, 400)}… (${request.url.length} chars)` : request.url}`,
    `    headers:\n      ${headerText || '(none)'}`,
    `    body: ${body}`,
    response
      ? `    → ${response.status} ${response.headers['content-type'] ?? ''} ${response.body.slice(0, 300)}`
      : `    → ${outcome.error}`,
  ].join('\n');
}
