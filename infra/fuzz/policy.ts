/**
 * Who the fuzzer calls each operation as, how often, and what it leaves out — each with why — and
 * which operations a role gates (a 2xx for anyone else is a failure whatever the body).
 */
import type { Operation } from './openapi';

export type Persona = 'visitor' | 'member' | 'creator' | 'admin';
export const PERSONAS: readonly Persona[] = ['visitor', 'member', 'creator', 'admin'];

export interface OperationPolicy {
  /** Relative share of the requests (1 = an ordinary operation's). */
  weight: number;
  /** Personas whose requests carry only bodies that validation must refuse (no valid body). */
  invalidBodiesOnly?: readonly Persona[];
  /** Every "@" in a body becomes "(at)": no string in it is an email address a mail could go to. */
  noAddresses?: boolean;
  /** The persona's own session cookie is never sent (it is replaced by none or a forged one). */
  neverOwnSession?: boolean;
  why: string;
}

const ALL: readonly Persona[] = PERSONAS;

/** Operations sent differently from the rest. Everything not listed: weight 1, every persona, as is. */
export const POLICIES: Record<string, OperationPolicy> = {
  'POST /api/auth/send-code': {
    weight: 0.15,
    invalidBodiesOnly: ALL,
    noAddresses: true,
    why:
      'mails a code, and every accepted call counts against the per-IP (30/h) and per-address (5/h) ' +
      'limits the e2e suite signs in under: only bodies that validation refuses (before any limit ' +
      'is counted) are sent, with no address in them',
  },
  'POST /api/auth/verify-code': {
    weight: 0.3,
    why: 'gateway-limited to 10 r/s per IP (most answers are 429); addresses are the fuzzer’s own, never a persona’s',
  },
  'POST /api/auth/logout': {
    weight: 0.3,
    neverOwnSession: true,
    why: 'would end the persona’s own session for the rest of the run: sent without it or with a forged one',
  },
  'GET /api/logout': {
    weight: 0.3,
    neverOwnSession: true,
    why: 'the browser logout: would end the persona’s own session, as POST /api/auth/logout',
  },
  'POST /api/auth/user/avatar': {
    weight: 0.3,
    why: 'runs ffmpeg on every body that starts like an image: sparingly, on 2 shared CPU cores',
  },
  'POST /api/critics/invitations': {
    weight: 0.3,
    noAddresses: true,
    why: 'mails the invited address: no body holds an address, so none is mailed',
  },
  'POST /api/creators': {
    weight: 1,
    invalidBodiesOnly: ['member', 'admin'],
    why:
      'a valid body makes the caller a creator: the member must stay a plain member, and the admin ' +
      '(whose session the suite shares, infra/e2e/support.ts) a plain admin',
  },
  'POST /api/reports': {
    weight: 0.5,
    why: 'gateway-limited to 30/min per IP: beyond a few, every answer is the same 429',
  },
  'POST /api/uploads': {
    weight: 0.15,
    why: 'tus: a valid call reserves an upload on disk (its declared length); sparingly, and never with the bytes of a real file',
  },
  'HEAD /api/uploads/{uploadId}': { weight: 0.15, why: 'tus: see POST /api/uploads' },
  'PATCH /api/uploads/{uploadId}': { weight: 0.15, why: 'tus: see POST /api/uploads' },
  'DELETE /api/uploads/{uploadId}': { weight: 0.15, why: 'tus: see POST /api/uploads' },
};

export function policyOf(operation: Operation | string): OperationPolicy {
  const key = typeof operation === 'string' ? operation : operation.key;
  return POLICIES[key] ?? { weight: 1, why: '' };
}

export type Role = 'admin' | 'creator' | 'critic';

/** The roles each persona signs in with (the e2e test reads the real ones from GET /api/auth/user). */
export const PERSONA_ROLES: Record<Persona, readonly Role[]> = {
  visitor: [],
  member: [],
  creator: ['creator'],
  admin: ['admin'],
};

/**
 * Operations only some roles may use (the services' @Roles guards): a 2xx to a caller with none of
 * them is a failure, whatever was sent. The visitor is refused everything that documents a 401 as
 * well (see `signedInOnly`).
 */
const ROLE_GATES: [RegExp, readonly Role[]][] = [
  [/^\w+ \/api\/admin\//, ['admin']],
  [/^\w+ \/api\/ads\/(advertisers|campaigns|creatives|creative-videos|optimizations)/, ['admin']],
  [/^GET \/api\/analytics\/admin$/, ['admin']],
  [/^DELETE \/api\/auth\/users\/\{userId\}\/sessions$/, ['admin']],
  [/^\w+ \/api\/creative-uploads/, ['admin']],
  [/^POST \/api\/critics\/invitations$/, ['admin']],
  [/^PATCH \/api\/critics\/\{id\}$/, ['admin']],
  [/^GET \/api\/critics\/dashboard$/, ['critic']],
  [/^POST \/api\/films\/\{id\}\/critic-reviews$/, ['critic']],
  [/^GET \/api\/studio\/films\/\{id\}$/, ['creator', 'admin']],
  [/^\w+ \/api\/studio\//, ['creator']],
  [/^\w+ \/api\/uploads/, ['creator', 'admin']],
];

/** The roles an operation lets through, or undefined when it is not role-gated. */
export function allowedRoles(operationKey: string): readonly Role[] | undefined {
  return ROLE_GATES.find(([pattern]) => pattern.test(operationKey))?.[1];
}

/** Whether the operation documents a 401: a visitor never gets a 2xx from it. */
export function signedInOnly(operation: Operation): boolean {
  return operation.responses.includes('401');
}
