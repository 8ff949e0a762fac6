import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  HttpException,
  Injectable,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { replyWithError } from '../http/errors';

import { ROLES, type Role } from '@kinora/contracts';

export { ROLES, type Role };

/** Who is calling, as the gateway resolved it from the session (X-User-Id / X-User-Roles). */
export interface Identity {
  userId: string;
  roles: Role[];
}

export const USER_ID_HEADER = 'x-user-id';
export const USER_ROLES_HEADER = 'x-user-roles';

/**
 * Reads the identity the gateway put on the request. The gateway always overwrites these headers,
 * and services are reachable from the gateway alone, which is why they can be trusted here.
 */
export function identityFromHeaders(headers: Record<string, string | string[] | undefined>): Identity | null {
  const rawId = headers[USER_ID_HEADER];
  const userId = (Array.isArray(rawId) ? rawId[0] : rawId)?.trim();
  if (!userId) return null;
  const rawRoles = headers[USER_ROLES_HEADER];
  const roles = (Array.isArray(rawRoles) ? rawRoles.join(',') : (rawRoles ?? ''))
    .split(',')
    .map((role) => role.trim())
    .filter((role): role is Role => (ROLES as readonly string[]).includes(role));
  return { userId, roles: [...new Set(roles)] };
}

type Access = { kind: 'signed-in' } | { kind: 'roles'; roles: Role[] };
const ACCESS_KEY = 'kinora:access';

/** The route needs a signed-in user (any role). */
export const Authenticated = () => SetMetadata(ACCESS_KEY, { kind: 'signed-in' } satisfies Access);
/** The route needs a signed-in user holding at least one of these roles. */
export const Roles = (...roles: Role[]) => SetMetadata(ACCESS_KEY, { kind: 'roles', roles } satisfies Access);

type RequestWithIdentity = FastifyRequest & { identity?: Identity | null };

/**
 * The guard's one answer to an anonymous caller on a signed-in route, made once: an exception's
 * stack is captured when it is constructed, a tenth of such a request's CPU, and a 4xx never logs
 * it. The error filter only reads it.
 */
const UNAUTHORIZED = new UnauthorizedException('Unauthorized');

/** One guard for every service: routes are public unless marked @Authenticated() or @Roles(...). */
@Injectable()
export class IdentityGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<RequestWithIdentity>();
    const identity = identityFromHeaders(request.headers);
    request.identity = identity;
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!access) return true;
    const refusal = accessRefusal(identity, access);
    if (refusal) throw refusal;
    return true;
  }
}

/** Why `identity` may not use a route with this access (401 anonymous, 403 without the role), or nothing. */
function accessRefusal(identity: Identity | null, access: Access): HttpException | undefined {
  if (!identity) return UNAUTHORIZED;
  if (access.kind === 'roles' && !access.roles.some((role) => identity.roles.includes(role))) {
    return new ForbiddenException(`Requires role: ${access.roles.join(' or ')}`);
  }
  return undefined;
}

/**
 * @Roles(...) for routes a library registers on Fastify itself (no Nest handler to decorate): an
 * onRequest hook answering the same JSON 401/403 as IdentityGuard.
 */
export function rolesHook(...roles: Role[]) {
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const refusal = accessRefusal(identityFromHeaders(request.headers), { kind: 'roles', roles });
    // Answered here: the request goes no further (done is not called).
    if (refusal) void replyWithError(reply, refusal);
    else done();
  };
}

/** The caller's identity, or null when anonymous. */
export const CurrentIdentity = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Identity | null => {
    const request = context.switchToHttp().getRequest<RequestWithIdentity>();
    return request.identity ?? identityFromHeaders(request.headers);
  },
);
