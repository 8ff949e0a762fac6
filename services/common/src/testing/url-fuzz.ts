import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NASTY_TEXT } from './nasty-text';

/** The parts of an OpenAPI 3.1 document the URL fuzzer reads. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, { parameters?: { name: string; in: string }[] } | unknown>>;
}

/** A service's committed OpenAPI document (contracts/openapi/<service>.json). */
export function openApiDocument(service: string): OpenApiDocument {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) {
    const file = join(dir, 'contracts', 'openapi', `${service}.json`);
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  }
  throw new Error(`contracts/openapi/${service}.json not found above ${__dirname}`);
}

export interface FuzzResponse {
  status: number;
  contentType: string;
  body: string;
}

/** Sends one request (method and path with query string) and reads the answer. */
export type FuzzSend = (method: string, url: string) => Promise<FuzzResponse>;

/** A sender over Fastify's inject (no socket), as the given caller (identity headers). */
export const injectSender =
  (
    app: {
      inject(options: { method: string; url: string; headers: Record<string, string> }): Promise<unknown>;
    },
    headers: Record<string, string> = {},
  ): FuzzSend =>
  async (method, url) => {
    const response = (await app.inject({ method, url, headers })) as {
      statusCode: number;
      headers: Record<string, unknown>;
      body: string;
    };
    return {
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    };
  };

export interface UrlFuzzOptions {
  document: OpenApiDocument;
  send: FuzzSend;
  /** Random cases per operation (default 40). */
  runs?: number;
  /** Operations to leave out, as "METHOD /path" (e.g. ones that mail or rate-limit). */
  skip?: string[];
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const text = fc.oneof(
  fc.constantFrom(...NASTY_TEXT),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer().map(String),
  fc.double().map(String),
);

/** A value for the URL: percent-encoded, or (half the time for raw-looking text) sent as typed. */
const encoded = fc.tuple(text, fc.boolean()).map(([value, raw]) => {
  if (raw && /^[\x21-\x7e]*$/.test(value) && !/[#?&/=]/.test(value)) return value;
  return encode(value);
});

function operations(document: OpenApiDocument) {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method] !== undefined).map((method) => {
      const parameters = (item[method] as { parameters?: { name: string; in: string }[] }).parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
      };
    }),
  );
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // Lone surrogates cannot be encoded as UTF-8: send their replacement.
    return encodeURIComponent(value.replace(LONE_SURROGATE, '\ufffd'));
  }
}

type Operation = ReturnType<typeof operations>[number];

function urlOf(operation: Operation, pathValues: string[], pairs: [string, string, boolean][]): string {
  let path = operation.path;
  operation.pathParams.forEach((name, i) => {
    path = path.replace(`{${name}}`, pathValues[i] || '%20');
  });
  const search = pairs
    .map(([name, value, repeat]) => `${name}=${value}${repeat ? `&${name}=${value}` : ''}`)
    .join('&');
  return `${path}${search ? `?${search}` : ''}`;
}

/**
 * Property: for every documented operation, whatever its path parameters and query string hold
 * (control characters, NUL, malformed encodings, huge, repeated or unknown parameters), the
 * answer is below 500 and a 4xx is JSON. First every known-nasty text in each parameter on its
 * own (an unknown parameter beside it would be refused before the value is looked at), then
 * random mixes. Returns the number of requests sent.
 */
export async function assertUrlInputsNeverFail(options: UrlFuzzOptions): Promise<number> {
  let sent = 0;
  const check = async (operation: Operation, url: string) => {
    sent++;
    const response = await options.send(operation.method, url);
    const where = `${operation.method} ${url.slice(0, 300)} → ${response.status} ${response.body.slice(0, 200)}`;
    if (response.status >= 500) throw new Error(`server error: ${where}`);
    if (response.status >= 400 && !/json/.test(response.contentType)) {
      throw new Error(`4xx without a JSON body: ${where}`);
    }
  };
  for (const operation of operations(options.document)) {
    if (options.skip?.includes(`${operation.method} ${operation.path}`)) continue;
    const plain = operation.pathParams.map(() => '1');
    for (const value of NASTY_TEXT.map(encode)) {
      for (let i = 0; i < operation.pathParams.length; i++) {
        await check(operation, urlOf(operation, plain.with(i, value), []));
      }
      for (const name of operation.queryParams) {
        await check(operation, urlOf(operation, plain, [[name, value, false]]));
      }
    }
    const query = fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...operation.queryParams, 'unknown'), encoded),
        encoded,
        fc.boolean(),
      ),
      { maxLength: 6 },
    );
    const pathValues = fc.tuple(...operation.pathParams.map(() => encoded));
    await fc.assert(
      fc.asyncProperty(pathValues, query, (values, pairs) =>
        check(operation, urlOf(operation, values, pairs)),
      ),
      { numRuns: options.runs ?? 40 },
    );
  }
  return sent;
}

/**
 * Every documented operation that may answer 401 refuses a visitor (a request without identity
 * headers): 401 with a JSON body, whatever its path parameters (plain ids here). Returns the
 * operations checked, as "METHOD /path".
 */
export async function assertVisitorsRefused(options: {
  document: OpenApiDocument;
  send: FuzzSend;
}): Promise<string[]> {
  const checked: string[] = [];
  for (const operation of operations(options.document)) {
    const item = options.document.paths?.[operation.path]?.[operation.method.toLowerCase()] as
      { responses?: Record<string, unknown> } | undefined;
    if (!item?.responses?.['401']) continue;
    const url = urlOf(
      operation,
      operation.pathParams.map(() => '1'),
      [],
    );
    const response = await options.send(operation.method, url);
    if (response.status !== 401 || !/json/.test(response.contentType)) {
      throw new Error(
        `a visitor got ${response.status} from ${operation.method} ${url}: ${response.body.slice(0, 200)}`,
      );
    }
    checked.push(`${operation.method} ${operation.path}`);
  }
  return checked;
}
