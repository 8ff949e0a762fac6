/**
 * The one fetch client of the SPA (docs/ui.md, fetching data): openapi-fetch typed by the paths
 * generated from the services' OpenAPI documents (lib/api/schema.gen.ts), so a call's path,
 * parameters, body and result follow the contract.
 *
 * - Every call sends cookies (`credentials: 'include'`).
 * - A JSON body is serialised and carries `Content-Type: application/json`; calls without a body
 *   send no content type (Fastify rejects an empty body declared as JSON).
 * - A non-ok response throws an {@link ApiError} whose message is `${status}: ${bodyText || statusText}`,
 *   the generic error text screens match on, and which exposes the status and the parsed JSON body.
 * - `on401: 'returnNull'` turns a 401 into a `null` result (a caller's own data, such as the critics they follow: 401 means anonymous).
 * - Query parameters are sent in the order given, empty ones left out, encoded as a form
 *   (URLSearchParams) would encode them.
 *
 * Usage: `const film = await unwrap(apiClient.GET('/api/films/{id}', { params: { path: { id } } }))`.
 */
import createClient from 'openapi-fetch';

import type { paths } from './api/schema.gen';

export type On401 = 'returnNull' | 'throw';

/** The JSON error body every service sends; fields are optional because proxies send other bodies. */
export type ApiErrorBody = {
  statusCode?: number;
  error?: string;
  message?: string | string[];
  [key: string]: unknown;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly bodyText: string,
    /** The response body parsed as JSON, or null when it is empty or not JSON. */
    readonly body: ApiErrorBody | null,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The human-readable cause the server sent in `error` (send-code, verify-code, accept-invitation). */
  get serverError(): string | undefined {
    return typeof this.body?.error === 'string' ? this.body.error : undefined;
  }

  /** The human-readable cause the server sent in `message`. */
  get serverMessage(): string | undefined {
    const message = this.body?.message;
    if (Array.isArray(message)) return message.join(', ');
    return typeof message === 'string' ? message : undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's `message` for an API error (only of one of `statuses`, where given), e.g. for a toast. */
export const serverMessageOf = (error: unknown, statuses?: readonly number[]): string | undefined =>
  isApiError(error) && (!statuses || statuses.includes(error.status)) ? error.serverMessage : undefined;

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

/**
 * Sends through the global fetch, looked up per call (tests stub it), and turns a non-ok
 * response into an {@link ApiError} before openapi-fetch reads it.
 */
async function send(request: Request): Promise<Response> {
  const response = await fetch(request);
  if (response.ok) return response;
  const text = await response.text();
  const parsed = text ? parseJson(text) : null;
  const errorBody = parsed !== null && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
  throw new ApiError(response.status, response.statusText, text, errorBody);
}

function serializeQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
    else search.set(key, String(value));
  }
  return search.toString();
}

/** Page-relative in the browser; absolute where Request needs an origin (tests under jsdom). */
const baseUrl = typeof window === 'undefined' ? '' : window.location.origin;

export const apiClient = createClient<paths>({
  baseUrl,
  credentials: 'include',
  headers: { Accept: 'application/json' },
  fetch: send,
  querySerializer: serializeQuery,
});

export type ApiResult<T, O extends On401> = O extends 'returnNull' ? T | null : T;

/**
 * The data of a typed call. Errors were already thrown as {@link ApiError}; with
 * `on401: 'returnNull'` a 401 resolves to null instead.
 */
export async function unwrap<T, O extends On401 = 'throw'>(
  call: Promise<{ data?: T; response: Response }>,
  { on401 }: { on401?: O } = {},
): Promise<ApiResult<T, O>> {
  try {
    const { data } = await call;
    return data as ApiResult<T, O>;
  } catch (error) {
    if (on401 === 'returnNull' && isApiError(error) && error.status === 401) {
      return null as ApiResult<T, O>;
    }
    throw error;
  }
}
