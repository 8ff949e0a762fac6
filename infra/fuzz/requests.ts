/**
 * Hostile requests for every documented operation, built with fast-check from the OpenAPI
 * documents: path parameters and query strings (paths.ts), JSON bodies and their mutations,
 * content types and sizes (bodies.ts), and headers and cookies (headers.ts).
 */
import fc from 'fast-check';
import { binaryBody, jsonBody, strayBody, type Body, type BodyChoice } from './bodies';
import { cookieChoice, documentedHeaders, headerChoices, type CookieChoice } from './headers';
import type { Operation } from './openapi';
import { pathSegments, queryPairs, queryString } from './paths';
import { policyOf, type Persona } from './policy';
import type { FuzzContext } from './targets';

export interface FuzzRequest {
  /** "<persona> <METHOD /path> #<n>": what FUZZ_ONLY matches to replay it. */
  id: string;
  persona: Persona;
  operation: string;
  method: string;
  /** Path and query string exactly as sent. */
  url: string;
  /** Lower-case names; the Cookie header comes from `cookie`. */
  headers: Record<string, string>;
  cookie: CookieChoice;
  body?: Body;
  /** What the request tries, e.g. "body:missing:title ct:text/plain hdr:forged-identity". */
  variant: string;
}

const GATEWAY_BODY_LIMIT = 1024 * 1024;
export const OVERSIZED_BYTES = 2 * GATEWAY_BODY_LIMIT;

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND'];

/** Every request the fuzzer may send for `operation` as `persona`. */
export function requestArbitrary(
  operation: Operation,
  persona: Persona,
  context: FuzzContext,
): fc.Arbitrary<FuzzRequest> {
  const policy = policyOf(operation);
  const method = fc.oneof(
    { weight: 30, arbitrary: fc.constant(operation.method) },
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS.filter((other) => other !== operation.method)) },
  );
  const ordinary = method.chain((verb) => {
    const targets = context.targets[persona];
    const aim = verb === 'GET' || verb === 'HEAD' ? targets.read : targets.write;
    const body: fc.Arbitrary<[BodyChoice | undefined, string | undefined]> = !operation.body
      ? strayBody
      : operation.body.schema
        ? jsonBody(operation, persona, aim, context)
        : binaryBody(operation);
    return fc
      .record({
        segments: pathSegments(operation, aim),
        query: queryPairs(operation, aim),
        rawQuery: fc.boolean(),
        body,
        headers: headerChoices(context),
        documented: documentedHeaders(operation),
        cookie: cookieChoice(persona, context, !policy.neverOwnSession),
      })
      .map((parts) => {
        const [path, pathVariants] = parts.segments;
        const variants = [...pathVariants];
        const [pairs, queryVariant] = parts.query;
        if (queryVariant !== 'query:none') variants.push(queryVariant);
        const headers: Record<string, string> = { ...parts.documented, ...parts.headers[0] };
        if (parts.headers[1]) variants.push(parts.headers[1]);
        if (parts.cookie[1]) variants.push(parts.cookie[1]);
        const [choice, contentType] = parts.body;
        let body = choice?.body;
        if (policy.noAddresses && typeof body === 'string') body = body.replaceAll('@', '(at)');
        if (policy.noAddresses && body instanceof Uint8Array) {
          body = Buffer.from(body).toString('latin1').replaceAll('@', '(at)');
        }
        if (choice) variants.push(choice.variant);
        if (contentType !== undefined && body !== undefined) {
          headers['content-type'] = contentType;
          variants.push(`ct:${contentType.slice(0, 40)}`);
        }
        return {
          id: '',
          persona,
          operation: operation.key,
          method: verb,
          url: path + queryString(pairs, parts.rawQuery),
          headers,
          cookie: parts.cookie[0],
          body,
          variant: variants.join(' ') || 'plain',
        } satisfies FuzzRequest;
      });
  });
  // Above the gateway's 1 MB limit, and nothing else odd about it: whatever the route, the answer
  // is decided by the size alone (a JSON 413, or the service's own limit on the routes allowed more).
  // The path is a plausible one, since nginx refuses a request line it cannot accept (400, 414)
  // before it reads the body.
  const oversized = pathSegments(operation, context.targets[persona].write, false).map(
    ([path, pathVariants]): FuzzRequest => ({
      id: '',
      persona,
      operation: operation.key,
      method: operation.method,
      url: path,
      headers: { 'content-type': 'application/json' },
      cookie: policy.neverOwnSession ? { kind: 'none' } : { kind: 'persona' },
      body: { large: OVERSIZED_BYTES },
      variant: [...pathVariants, `body:oversized-${OVERSIZED_BYTES}`].join(' '),
    }),
  );
  return fc.oneof({ weight: 250, arbitrary: ordinary }, { weight: 1, arbitrary: oversized });
}

/** Whether `request` is one of the plain oversized ones (the judge expects the gateway's 413). */
export const isOversized = (request: FuzzRequest) =>
  typeof request.body === 'object' && 'large' in request.body && request.body.large === OVERSIZED_BYTES;
