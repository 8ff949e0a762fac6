/**
 * The platform the fuzz e2e test runs against, called as an ordinary client: accounts signed in
 * through the gateway, well-formed calls as them, waiting for what events set off, and every
 * service's health.
 */
import assert from 'node:assert/strict';
import { GATEWAY, signIn } from '../e2e/support';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Account {
  email: string;
  cookie: string;
  id: string;
}

/**
 * Signs in through the gateway, waiting out its sign-in rate limit (10 r/s per IP, shared by the
 * suite). Auth's own limits (codes per address and per IP an hour) are not waited out.
 */
export async function account(email: string): Promise<Account> {
  for (let attempt = 1; ; attempt++) {
    try {
      const { cookie, user } = await signIn(email);
      return { email, cookie, id: user.id };
    } catch (error) {
      if (attempt === 5 || !String(error).includes('slow down')) throw error;
      await sleep(1_500);
    }
  }
}

/** A call as `who` (its cookie renewed when the gateway sends a fresh one); the body is JSON. */
export async function call(
  who: Account | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${GATEWAY}${path}`, {
    method,
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const renewed = /^kinora_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (who && renewed) who.cookie = `kinora_session=${renewed}`;
  const text = await response.text();
  let json: unknown = text;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    // Kept as text.
  }
  return { status: response.status, json };
}

/** The same call, which must succeed: its JSON answer. */
export async function must<T>(
  who: Account | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const { status, json } = await call(who, method, path, body, headers);
  assert.ok(status >= 200 && status < 300, `${method} ${path}: ${status} ${JSON.stringify(json)}`);
  return json as T;
}

export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 30_000,
): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ;) {
    const value = await probe();
    if (value !== undefined) return value;
    assert.ok(Date.now() < deadline, `${what}: not within ${timeoutMs / 1000} s`);
    await sleep(300);
  }
}

/** Registers `who`'s creator profile and waits until the gateway passes on the creator role. */
export async function becomeCreator(who: Account, bio: string): Promise<number> {
  const profile = await must<{ id: number }>(who, 'POST', '/api/creators', {
    bio,
    website: 'https://example.com/',
    socialLinks: { instagram: '@fuzz' },
  });
  await until('the creator role', async () =>
    (await call(who, 'GET', '/api/studio/films')).status === 200 ? true : undefined,
  );
  return profile.id;
}

export async function healthy(): Promise<string[]> {
  const response = await call(undefined, 'GET', '/api/health');
  const body = response.json as { services?: Record<string, { status: string }> };
  const down = Object.entries(body.services ?? {})
    .filter(([, health]) => health.status !== 'ok')
    .map(([name, health]) => `${name}: ${JSON.stringify(health)}`);
  if (response.status !== 200) down.unshift(`GET /api/health → ${response.status}`);
  if (Object.keys(body.services ?? {}).length !== 6)
    down.push(`services: ${Object.keys(body.services ?? {}).join(', ')}`);
  return down;
}
