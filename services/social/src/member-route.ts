import { applyDecorators, type Type } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { Authenticated, Responds, type ErrorStatus } from '@kinora/common';

/**
 * A route for the signed-in member (a like, a follow, what they follow): its method and path, its
 * summary, what it answers and its errors, by default those of a route on one film, creator or
 * critic by id (a bad id, not signed in, no such one).
 */
export const MemberRoute = (
  route: MethodDecorator,
  summary: string,
  ok: Type<unknown>,
  errors: ErrorStatus[] = [400, 401, 404],
): MethodDecorator =>
  applyDecorators(route, Authenticated(), ApiOperation({ summary }), Responds({ ok, errors }));
