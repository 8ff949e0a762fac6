/**
 * The plan over every operation and persona, and deterministic builds: request `n` of an
 * operation for a persona is the same for the same seed and the same context (ids), whatever order
 * they are sent in, so one request can be replayed on its own.
 */
import fc from 'fast-check';
import { operations as documentedOperations, type Operation } from './openapi';
import { PERSONAS, policyOf, type Persona } from './policy';
import { requestArbitrary, type FuzzRequest } from './requests';
import type { FuzzContext } from './targets';

/** Requests of one persona for one operation. */
export interface PlannedRequest {
  persona: Persona;
  operation: Operation;
  n: number;
}

/** A 32-bit FNV-1a hash: one fast-check seed per request, from the run's seed and its id. */
export function requestSeed(seed: number, id: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

export const requestId = (planned: PlannedRequest) =>
  `${planned.persona} ${planned.operation.key} #${planned.n}`;

/**
 * `total` requests over every operation, `personas` sharing them equally, each operation its
 * policy's weight (at least one request each), interleaved so that consecutive requests go to
 * different operations.
 */
export function plan(options: {
  total: number;
  personas?: readonly Persona[];
  operations?: readonly Operation[];
}): PlannedRequest[] {
  const personas = options.personas ?? PERSONAS;
  const all = options.operations ?? documentedOperations();
  const planned: PlannedRequest[] = [];
  personas.forEach((persona, index) => {
    const share =
      Math.floor(options.total / personas.length) + (index < options.total % personas.length ? 1 : 0);
    const weights = all.map((operation) => policyOf(operation).weight);
    const sum = weights.reduce((a, b) => a + b, 0);
    const counts = weights.map((weight) => Math.max(1, Math.round((share * weight) / sum)));
    // Rounding may fall short of the share: the ordinary operations make up the rest.
    for (let i = 0, short = share - counts.reduce((a, b) => a + b, 0); short > 0; i = (i + 1) % all.length) {
      if (weights[i] === 1) {
        counts[i]!++;
        short--;
      }
    }
    const most = Math.max(...counts);
    for (let n = 0; n < most; n++) {
      all.forEach((operation, i) => {
        if (n < counts[i]!) planned.push({ persona, operation, n });
      });
    }
  });
  return planned;
}

/** The request `planned` stands for, the same for the same seed and context. */
export function buildRequest(planned: PlannedRequest, context: FuzzContext, seed: number): FuzzRequest {
  const id = requestId(planned);
  const [request] = fc.sample(requestArbitrary(planned.operation, planned.persona, context), {
    seed: requestSeed(seed, id),
    numRuns: 1,
  });
  return { ...request!, id };
}
