import type { Identity } from '@kinora/common';
import type { FastifyRequest } from 'fastify';

/** Who made a delivery call, as the gateway and the connection tell it. */
export interface Caller {
  identity: Identity | null;
  ip: string;
  userAgent: string;
}

export const callerOf = (request: FastifyRequest, identity: Identity | null): Caller => ({
  identity,
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
