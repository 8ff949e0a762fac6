import { vi } from 'vitest';

import { jsonResponse } from './test-utils';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** A promise the test settles by hand, to observe busy states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason?: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const unauthorizedResponse = () =>
  jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, { status: 401 });

/** GET /api/auth/session for a visitor. */
const anonymousSession = () => jsonResponse({ user: null });

/** A same-origin URL as the path and query the SPA asked for; other URLs stay absolute. */
const pathOf = (url: string): string => {
  const parsed = new URL(url, window.location.origin);
  return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : url;
};

/**
 * The API client calls `fetch(Request)`; tests assert on `(path, init)` with the body as text.
 * This reads the method, URL, headers, credentials, keepalive and body back from the Request.
 */
async function asPathAndInit(
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<[string, RequestInit | undefined]> {
  if (!(input instanceof Request)) {
    return [pathOf(typeof input === 'string' ? input : input.href), init];
  }
  const body = input.body ? await input.clone().text() : undefined;
  return [
    pathOf(input.url),
    {
      method: input.method,
      headers: Object.fromEntries(input.headers),
      credentials: input.credentials,
      signal: input.signal,
      ...(input.keepalive ? { keepalive: true } : {}),
      ...(body === undefined ? {} : { body }),
    },
  ];
}

/**
 * Installs `fetchMock` as the global fetch, seeing every call as `(path, init)` whether the
 * caller passed a Request or a URL and init.
 */
export function stubFetch(fetchMock: typeof fetch): void {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
    fetchMock(...(await asPathAndInit(input, init))),
  );
}

/**
 * Stubs the global fetch with one handler per "METHOD /path". GET /api/auth/session answers
 * `{ user: null }` (anonymous) unless a handler says otherwise; any other unexpected call fails the
 * test loudly.
 */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = handlers[key] ?? (key === 'GET /api/auth/session' ? anonymousSession : undefined);
    if (!handler) throw new Error(`Unexpected fetch: ${key}`);
    return handler(init);
  });
  stubFetch(fetchMock);

  /** The parsed JSON bodies sent to "METHOD /path", in order. */
  const bodiesSentTo = (key: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

  return { fetchMock, bodiesSentTo };
}
