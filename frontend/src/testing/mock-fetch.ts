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

/**
 * Stubs the global fetch with one handler per "METHOD /path". GET /api/auth/user answers 401
 * (anonymous) unless a handler says otherwise; any other unexpected call fails the test loudly.
 */
export function mockFetch(handlers: Record<string, Handler> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler = handlers[key] ?? (key === 'GET /api/auth/user' ? unauthorizedResponse : undefined);
    if (!handler) throw new Error(`Unexpected fetch: ${key}`);
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);

  /** The parsed JSON bodies sent to "METHOD /path", in order. */
  const bodiesSentTo = (key: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key)
      .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

  return { fetchMock, bodiesSentTo };
}
