import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@kinora/common';

/**
 * The session cookie's value: the session's secret token followed by what the gateway needs to
 * trust the caller without asking auth, signed with HMAC-SHA256 (docs/accounts.md, "Sessions"):
 *
 *   <token>.<user id>.<roles>.<identity version>.<expires, unix seconds>.<signature>
 *
 * roles is "-" for none, else the roles joined with "+". The signature (base64url) covers
 * everything before the last dot and is made with the first of the signing keys; any of them
 * verifies, so a key can be rotated. gateway/identity.js reads the same format.
 */
export interface SessionClaims {
  token: string;
  userId: string;
  roles: Role[];
  identityVersion: number;
  /** Unix seconds. */
  expiresAt: number;
}

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ROLE_LIST = /^(-|[a-z]+(\+[a-z]+)*)$/;
const NUMBER = /^\d{1,15}$/;

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signSession(claims: SessionClaims, keys: readonly string[]): string {
  const roles = claims.roles.length ? claims.roles.join('+') : '-';
  const payload = [claims.token, claims.userId, roles, claims.identityVersion, claims.expiresAt].join('.');
  return `${payload}.${sign(keys[0]!, payload)}`;
}

/**
 * The claims of a cookie signed with one of the keys, expired or not (auth renews expired ones);
 * null when it is not a signed session cookie or its signature does not verify.
 */
export function verifySession(value: string, keys: readonly string[]): SessionClaims | null {
  const parts = value.split('.');
  if (parts.length !== 6) return null;
  const [token, userId, roles, version, expiresAt, signature] = parts as [string, ...string[]];
  if (!TOKEN.test(token) || !USER_ID.test(userId!) || !ROLE_LIST.test(roles!)) return null;
  if (!NUMBER.test(version!) || !NUMBER.test(expiresAt!)) return null;
  const given = Buffer.from(signature!);
  const payload = value.slice(0, value.lastIndexOf('.'));
  const valid = keys.some((key) => {
    const expected = Buffer.from(sign(key, payload));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  return {
    token,
    userId: userId!,
    roles: roles === '-' ? [] : (roles!.split('+') as Role[]),
    identityVersion: Number(version),
    expiresAt: Number(expiresAt),
  };
}

/** A session cookie from before signed cookies: the bare token. */
export function isBareToken(value: string): boolean {
  return TOKEN.test(value);
}
