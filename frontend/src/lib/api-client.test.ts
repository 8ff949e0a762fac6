import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/testing/test-utils';

import { apiClient, ApiError, unwrap } from './api-client';

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  /** openapi-fetch hands fetch one Request carrying the method, URL, headers and body. */
  const lastRequest = () => fetchMock.mock.calls.at(-1)?.[0] as Request;
  const path = (request: Request) => {
    const url = new URL(request.url);
    return `${url.pathname}${url.search}`;
  };

  it('always sends credentials', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    await unwrap(apiClient.GET('/api/films'));
    expect(path(lastRequest())).toBe('/api/films');
    expect(lastRequest().credentials).toBe('include');

    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    await unwrap(apiClient.POST('/api/auth/logout'));
    expect(lastRequest().credentials).toBe('include');
    expect(lastRequest().method).toBe('POST');
  });

  it('sends a JSON body with a JSON content type', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: 'ok' }));
    const result = await unwrap(apiClient.POST('/api/auth/send-code', { body: { email: 'a@b.c' } }));

    expect(result).toEqual({ message: 'ok' });
    expect(await lastRequest().text()).toBe('{"email":"a@b.c"}');
    expect(lastRequest().headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no content type when there is no body', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    const result = await unwrap(apiClient.POST('/api/auth/logout'));

    expect(result).toBeUndefined();
    expect(lastRequest().body).toBeNull();
    expect(lastRequest().headers.has('Content-Type')).toBe(false);
  });

  it('passes FormData through untouched', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    const form = new FormData();
    form.set('title', 'Neon Tide');
    // No operation takes a form yet; the client still sends one as multipart, not as JSON.
    await apiClient.POST('/api/creators', { body: form as never });

    expect(lastRequest().headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(await lastRequest().text()).toContain('Neon Tide');
  });

  it('sends the query in the given order, leaving out empty values', async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    await unwrap(
      apiClient.GET('/api/films/search', {
        params: { query: { q: 'neon tide', genre: '', language: 'English' } },
      }),
    );

    expect(path(lastRequest())).toBe('/api/films/search?q=neon+tide&language=English');
  });

  it('builds the error message from the body text', async () => {
    const body = { statusCode: 400, error: 'Invalid code', message: 'code must be 6 characters' };
    fetchMock.mockImplementation(async () => jsonResponse(body, { status: 400, statusText: 'Bad Request' }));

    const error = await unwrap(
      apiClient.POST('/api/auth/verify-code', { body: { email: 'a@b.c', code: '1' } }),
    ).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(apiError.status).toBe(400);
    expect(apiError.body).toEqual(body);
    expect(apiError.serverError).toBe('Invalid code');
    expect(apiError.serverMessage).toBe('code must be 6 characters');
  });

  it('falls back to the status text when the body is empty', async () => {
    fetchMock.mockImplementation(
      async () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    );

    await expect(unwrap(apiClient.GET('/api/films'))).rejects.toThrow('503: Service Unavailable');
    const error = (await unwrap(apiClient.GET('/api/films')).catch((e: unknown) => e)) as ApiError;
    expect(error.body).toBeNull();
    expect(error.status).toBe(503);
  });

  it('keeps a non-JSON error body as text', async () => {
    fetchMock.mockImplementation(
      async () => new Response('upstream timed out', { status: 504, statusText: 'Gateway Timeout' }),
    );

    const error = (await unwrap(apiClient.GET('/api/films')).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('504: upstream timed out');
    expect(error.body).toBeNull();
  });

  it("returns null for a 401 with on401 'returnNull'", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, { status: 401 }),
    );

    await expect(unwrap(apiClient.GET('/api/auth/user'), { on401: 'returnNull' })).resolves.toBeNull();
  });

  it("throws on a 401 with on401 'throw' (the default)", async () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: 'Login required' };
    fetchMock.mockImplementation(async () => jsonResponse(body, { status: 401, statusText: 'Unauthorized' }));

    await expect(unwrap(apiClient.GET('/api/auth/user'))).rejects.toThrow(`401: ${JSON.stringify(body)}`);
    await expect(unwrap(apiClient.GET('/api/auth/user'), { on401: 'throw' })).rejects.toBeInstanceOf(
      ApiError,
    );
  });

  it("still throws other errors with on401 'returnNull'", async () => {
    fetchMock.mockImplementation(
      async () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    );

    await expect(unwrap(apiClient.GET('/api/auth/user'), { on401: 'returnNull' })).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});
