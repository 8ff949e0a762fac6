/**
 * Headers and cookies: forged identities, cross-site origins, huge and many headers, odd ones
 * (encodings, forwarding, overrides), the operation's documented headers, and the Cookie header (the
 * persona's session, none, forged, tampered, or beside a forged one).
 */
import fc from 'fast-check';
import type { Operation } from './openapi';
import type { Persona } from './policy';
import type { FuzzContext } from './targets';
import { headerSafe, nastyText, validValue } from './values';

/** The Cookie header: the persona's session, none, or one the fuzzer made up. */
export type CookieChoice =
  | { kind: 'persona' }
  | { kind: 'none' }
  | { kind: 'raw'; value: string }
  /** The persona's real session token with claims (user id, roles) it was never given. */
  | { kind: 'tampered'; userId: string; roles: string; signed: boolean }
  /** The persona's real cookie beside a forged kinora_session (before or after it) and others. */
  | { kind: 'beside'; forged: string; forgedFirst: boolean };

type HeaderChoice = [Record<string, string>, string];

export function headerChoices(context: FuzzContext): fc.Arbitrary<HeaderChoice> {
  const none = fc.constant<HeaderChoice>([{}, '']);
  const forged = fc
    .tuple(
      fc.constantFrom(...context.forgedUserIds, '00000000-0000-0000-0000-000000000001', 'admin', ''),
      fc.constantFrom('admin', 'admin,creator,critic', 'creator', 'critic', ' admin', 'ADMIN'),
    )
    .map(([userId, roles]): HeaderChoice => [
      { 'x-user-id': userId, 'x-user-roles': roles },
      'hdr:forged-identity',
    ]);
  const crossSite = fc
    .constantFrom<Record<string, string>>(
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'http://localhost:8080.evil.example' },
      { origin: 'http://localhost:8080', 'sec-fetch-site': 'same-origin' },
    )
    .map((headers): HeaderChoice => [headers, 'hdr:origin']);
  const huge = fc
    .constantFrom(4000, 7000, 9000, 17000, 40000)
    .map((length): HeaderChoice => [{ 'x-fuzz': 'a'.repeat(length) }, `hdr:huge-${length}`]);
  const many = fc
    .integer({ min: 50, max: 150 })
    .map((count): HeaderChoice => [
      Object.fromEntries(Array.from({ length: count }, (_, i) => [`x-fuzz-${i}`, String(i)])),
      'hdr:many',
    ]);
  const odd = fc
    .constantFrom<Record<string, string>>(
      { accept: 'text/html' },
      { accept: 'application/xml;q=1, */*;q=0' },
      { 'accept-encoding': 'gzip, br' },
      { 'content-encoding': 'gzip' },
      { 'content-encoding': 'br' },
      { 'content-encoding': 'deflate' },
      { 'x-forwarded-for': '10.0.0.1' },
      { 'x-forwarded-proto': 'https' },
      { 'x-forwarded-proto': 'gopher' },
      { 'x-real-ip': '1.2.3.4' },
      { 'x-forwarded-host': 'evil.example' },
      { 'x-request-id': "'; drop table x; --" },
      { range: 'bytes=0-1' },
      { 'if-none-match': '*' },
      { 'x-http-method-override': 'DELETE' },
      { 'x-original-uri': '/api/admin/stats' },
      { 'x-session-cookie': 'kinora_session=forged' },
      { 'user-agent': 'é'.repeat(300) },
      { 'tus-resumable': '0.0.1' },
    )
    .map((headers): HeaderChoice => [headers, `hdr:${Object.keys(headers)[0]}`]);
  const junk = nastyText.map((text): HeaderChoice => [{ 'x-fuzz': headerSafe(text) }, 'hdr:nasty']);
  return fc.oneof(
    { weight: 60, arbitrary: none },
    { weight: 10, arbitrary: forged },
    { weight: 4, arbitrary: crossSite },
    { weight: 2, arbitrary: huge },
    { weight: 2, arbitrary: many },
    { weight: 6, arbitrary: odd },
    { weight: 2, arbitrary: junk },
  );
}

export function cookieChoice(
  persona: Persona,
  context: FuzzContext,
  ownSession: boolean,
): fc.Arbitrary<[CookieChoice, string]> {
  const victim = context.forgedUserIds[0] ?? '00000000-0000-0000-0000-000000000001';
  const forgedValue = fc.constantFrom(
    'garbage',
    '',
    'a.b.c.d.e.f',
    `AAAA.${victim}.admin.1.9999999999.AAAA`,
    `AAAA.${victim}.admin.1.9999999999`,
    `${'A'.repeat(43)}.${victim}.admin+creator.0.4102444800.${'A'.repeat(43)}`,
    'x'.repeat(5000),
    '"quoted"',
    'é',
    '%00',
  );
  const raw = fc
    .tuple(
      forgedValue,
      fc.constantFrom(
        (value: string) => `kinora_session=${value}`,
        (value: string) => `kinora_session=${value}; kinora_session=${value}`,
        (value: string) => `other=1; kinora_session=${value}; x=${'y'.repeat(3000)}`,
        (value: string) => `KINORA_SESSION=${value}`,
        (value: string) => `kinora_session =${value}`,
        () => ';;;=;',
        () => `a=${'b'.repeat(9000)}`,
      ),
    )
    .map(([value, shape]): [CookieChoice, string] => [
      { kind: 'raw', value: headerSafe(shape(value)) },
      'cookie:forged',
    ]);
  const tampered = fc
    .tuple(
      fc.constantFrom(...context.forgedUserIds, victim),
      fc.constantFrom('admin', 'admin+creator+critic', 'creator', '-'),
      fc.boolean(),
    )
    .map(([userId, roles, signed]): [CookieChoice, string] => [
      { kind: 'tampered', userId, roles, signed },
      `cookie:tampered-${signed ? 'six-parts' : 'five-parts'}`,
    ]);
  const beside = fc
    .tuple(forgedValue, fc.boolean())
    .map(([forged, forgedFirst]): [CookieChoice, string] => [
      { kind: 'beside', forged: headerSafe(forged), forgedFirst },
      `cookie:beside-${forgedFirst ? 'first' : 'last'}`,
    ]);
  if (persona === 'visitor') {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant<[CookieChoice, string]>([{ kind: 'none' }, '']) },
      { weight: 2, arbitrary: raw },
    );
  }
  if (!ownSession) {
    // Not even the real token under forged claims: logging out with it ends the real session.
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant<[CookieChoice, string]>([{ kind: 'none' }, 'cookie:none']) },
      { weight: 1, arbitrary: raw },
    );
  }
  return fc.oneof(
    { weight: 40, arbitrary: fc.constant<[CookieChoice, string]>([{ kind: 'persona' }, '']) },
    { weight: 2, arbitrary: raw },
    { weight: 3, arbitrary: tampered },
    { weight: 2, arbitrary: beside },
  );
}

/** Headers the operation documents (tus, the viewing session's token). */
export function documentedHeaders(operation: Operation): fc.Arbitrary<Record<string, string>> {
  if (!operation.headerParams.length) return fc.constant({});
  return fc
    .tuple(
      ...operation.headerParams.map((param) =>
        fc
          .oneof(
            { weight: 3, arbitrary: validValue(param.schema).map(String) },
            { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1', '100', '99999999999999999999', '1.0.0') },
            { weight: 1, arbitrary: nastyText },
            { weight: 1, arbitrary: fc.constant(undefined) },
          )
          .map((value) => [param.name.toLowerCase(), value] as const),
      ),
    )
    .map((pairs) =>
      Object.fromEntries(
        pairs
          .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
          .map(([name, value]) => [name, headerSafe(value)]),
      ),
    );
}
