import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'kinora_session';

/** The session cookie's value from a Cookie header, if it has a plausible one (session-token.ts). */
export function sessionCookieOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === SESSION_COOKIE) {
      const value = part.slice(separator + 1).trim();
      return /^[A-Za-z0-9_.+-]{20,400}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** The Set-Cookie value that stores a session cookie until the session ends. */
export function sessionCookieHeader(request: FastifyRequest, value: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure(request)}`;
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookieHeader(request: FastifyRequest): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure(request)}`;
}

/** Behind TLS (the gateway says so in X-Forwarded-Proto) the cookie is Secure. */
function secure(request: FastifyRequest): string {
  return request.headers['x-forwarded-proto'] === 'https' ? '; Secure' : '';
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  value: string,
  expiresAt: Date,
): void {
  reply.header('set-cookie', sessionCookieHeader(request, value, expiresAt));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', clearedSessionCookieHeader(request));
}
