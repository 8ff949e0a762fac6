import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/testing/test-utils';

import { api, ApiError, request } from './api-client';

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const lastInit = () => fetchMock.mock.calls.at(-1)?.[1] as RequestInit;

  it('always sends credentials', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ ok: true }));
    await api.get('/api/films');
    expect(fetchMock).toHaveBeenCalledWith('/api/films', expect.objectContaining({ credentials: 'include' }));

    await api.post('/api/auth/logout');
    expect(lastInit().credentials).toBe('include');
    expect(lastInit().method).toBe('POST');
  });

  it('sends a JSON body with a JSON content type', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ id: 1 }));
    const result = await api.post<{ id: number }>('/api/user/lists', { filmId: 3, listType: 'watchlist' });

    expect(result).toEqual({ id: 1 });
    expect(lastInit().body).toBe('{"filmId":3,"listType":"watchlist"}');
    expect(lastInit().headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('sends no content type when there is no body', async () => {
    fetchMock.mockImplementation(async () => new Response(null, { status: 204 }));
    const result = await api.post('/api/films/1/view');

    expect(result).toBeUndefined();
    expect(lastInit().body).toBeUndefined();
    expect(lastInit().headers).not.toHaveProperty('Content-Type');
  });

  it('passes FormData through untouched', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({}));
    const form = new FormData();
    form.set('title', 'Neon Tide');
    await api.post('/api/uploads', form);

    expect(lastInit().body).toBe(form);
    expect(lastInit().headers).not.toHaveProperty('Content-Type');
  });

  it('builds the error message from the body text', async () => {
    const body = { statusCode: 400, error: 'Invalid code', message: 'code must be 6 characters' };
    fetchMock.mockImplementation(async () => jsonResponse(body, { status: 400, statusText: 'Bad Request' }));

    const error = await api
      .post('/api/auth/verify-code', { email: 'a@b.c', code: '1' })
      .catch((e: unknown) => e);

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

    await expect(api.get('/api/films')).rejects.toThrow('503: Service Unavailable');
    const error = (await api.get('/api/films').catch((e: unknown) => e)) as ApiError;
    expect(error.body).toBeNull();
    expect(error.status).toBe(503);
  });

  it('keeps a non-JSON error body as text', async () => {
    fetchMock.mockImplementation(
      async () => new Response('upstream timed out', { status: 504, statusText: 'Gateway Timeout' }),
    );

    const error = (await api.get('/api/films').catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('504: upstream timed out');
    expect(error.body).toBeNull();
  });

  it("returns null for a 401 with on401 'returnNull'", async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' }, { status: 401 }),
    );

    await expect(request('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it("throws on a 401 with on401 'throw' (the default)", async () => {
    const body = { statusCode: 401, error: 'Unauthorized', message: 'Login required' };
    fetchMock.mockImplementation(async () => jsonResponse(body, { status: 401, statusText: 'Unauthorized' }));

    await expect(api.get('/api/user/lists/watchlist')).rejects.toThrow(`401: ${JSON.stringify(body)}`);
    await expect(api.get('/api/user/lists/watchlist', { on401: 'throw' })).rejects.toBeInstanceOf(ApiError);
  });

  it("still throws other errors with on401 'returnNull'", async () => {
    fetchMock.mockImplementation(
      async () => new Response('', { status: 500, statusText: 'Internal Server Error' }),
    );

    await expect(api.get('/api/auth/user', { on401: 'returnNull' })).rejects.toThrow(
      '500: Internal Server Error',
    );
  });
});
