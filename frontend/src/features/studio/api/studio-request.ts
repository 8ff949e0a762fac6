// TEMPORARY: a plain fetch for the /api/studio calls, with the API client's error behaviour (an
// ApiError carrying the server's message), until the generated client knows these paths.
import { ApiError, type ApiErrorBody } from '@/lib/api-client';

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export async function studioRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  { body, signal }: { body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(
    new Request(new URL(path, window.location.origin), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    }),
  );
  const text = await response.text();
  if (!response.ok) {
    const parsed = text ? parseJson(text) : null;
    const errorBody = parsed !== null && typeof parsed === 'object' ? (parsed as ApiErrorBody) : null;
    throw new ApiError(response.status, response.statusText, text, errorBody);
  }
  return (text ? parseJson(text) : undefined) as T;
}
