/**
 * The one fetch client of the SPA (docs/ui.md, fetching data).
 *
 * - Every call sends cookies (`credentials: 'include'`).
 * - A JSON body is serialised and carries `Content-Type: application/json`; calls without a body
 *   send no content type (Fastify rejects an empty body declared as JSON).
 * - A non-ok response throws an {@link ApiError} whose message is `${status}: ${bodyText || statusText}`,
 *   the generic error text screens match on, and which exposes the status and the parsed JSON body.
 * - `on401: 'returnNull'` turns a 401 into a `null` result (the current-user call: 401 means anonymous).
 */

export type On401 = 'returnNull' | 'throw';

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

export type RequestOptions<O extends On401 = 'throw'> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects and arrays are sent as JSON; FormData, Blob, strings etc. are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  on401?: O;
};

export type ApiResult<T, O extends On401> = O extends 'returnNull' ? T | null : T;

const isRawBody = (body: unknown): body is BodyInit =>
  typeof body === 'string' ||
  body instanceof FormData ||
  body instanceof Blob ||
  body instanceof URLSearchParams ||
  body instanceof ArrayBuffer ||
  ArrayBuffer.isView(body) ||
  (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream);

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export async function request<T, O extends On401 = 'throw'>(
  url: string,
  options: RequestOptions<O> = {},
): Promise<ApiResult<T, O>> {
  const { method = 'GET', body, headers = {}, signal, on401 = 'throw' } = options;
  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...headers },
    signal,
  };

  if (body !== undefined) {
    if (isRawBody(body)) {
      init.body = body;
    } else {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    }
  }

  const response = await fetch(url, init);

  if (response.status === 401 && on401 === 'returnNull') {
    return null as ApiResult<T, O>;
  }

  const text = await response.text();

  if (!response.ok) {
    const parsed = text ? parseJson(text) : null;
    const errorBody = parsed !== null && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
    throw new ApiError(response.status, response.statusText, text, errorBody);
  }

  if (!text) return undefined as ApiResult<T, O>;
  const contentType = response.headers.get('content-type') ?? '';
  return (contentType.includes('json') ? JSON.parse(text) : text) as ApiResult<T, O>;
}

type BodylessOptions<O extends On401> = Omit<RequestOptions<O>, 'method' | 'body'>;

export const api = {
  get: <T, O extends On401 = 'throw'>(url: string, options?: BodylessOptions<O>) =>
    request<T, O>(url, { ...options, method: 'GET' }),
  post: <T, O extends On401 = 'throw'>(url: string, body?: unknown, options?: BodylessOptions<O>) =>
    request<T, O>(url, { ...options, method: 'POST', body }),
  put: <T, O extends On401 = 'throw'>(url: string, body?: unknown, options?: BodylessOptions<O>) =>
    request<T, O>(url, { ...options, method: 'PUT', body }),
  patch: <T, O extends On401 = 'throw'>(url: string, body?: unknown, options?: BodylessOptions<O>) =>
    request<T, O>(url, { ...options, method: 'PATCH', body }),
  delete: <T, O extends On401 = 'throw'>(url: string, options?: BodylessOptions<O>) =>
    request<T, O>(url, { ...options, method: 'DELETE' }),
};
