import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'kinora_session';

/** The session token from a Cookie header, if any. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === SESSION_COOKIE) {
      const value = part.slice(separator + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** Behind TLS (the gateway says so in X-Forwarded-Proto) the cookie is Secure. */
function secure(request: FastifyRequest): string {
  return request.headers['x-forwarded-proto'] === 'https' ? '; Secure' : '';
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
): void {
  const maxAge = Math.floor((expiresAt.getTime() - Date.now()) / 1000);
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure(request)}`,
  );
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure(request)}`,
  );
}
