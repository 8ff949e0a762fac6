/**
 * Request bodies: valid JSON for the operation's schema and its mutations (missing, wrong-typed,
 * out-of-range and extra fields, prototype pollution, huge strings, deep nesting, invalid UTF-8),
 * bodies that are not JSON at all, content types, binary bodies, and the bytes finally sent.
 */
import fc from 'fast-check';
import type { Operation, Schema } from './openapi';
import { policyOf, type Persona } from './policy';
import { idHint, type Aim, type FuzzContext } from './targets';
import {
  deeplyNested,
  encodeComponent,
  INVALID_UTF8,
  nastyText,
  outOfRange,
  validValue,
  withRawBytes,
  WRONG_TYPES,
} from './values';

/** A JSON body too large to keep in every planned request (one long string): made when sent. */
export interface LargeBody {
  large: number;
}

export type Body = string | Uint8Array | LargeBody;

const PLACEHOLDER = '\u0001FUZZ\u0001';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

/** JSON text of `value` with `fragment` (raw JSON text) at the field `key`. */
function withFragment(value: unknown, key: string, fragment: string): string {
  if (!isObject(value)) return fragment;
  return JSON.stringify({ ...value, [key]: PLACEHOLDER }).replace(PLACEHOLDER_JSON, fragment);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface BodyChoice {
  body: Body;
  variant: string;
}

/** Ways of breaking a valid object `value` of `schema`. */
function mutate(schema: Schema, value: unknown, forgedUserIds: readonly string[]): fc.Arbitrary<BodyChoice> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const required = (schema.required ?? []).filter((key) => key in properties);
  const object = isObject(value) ? value : {};
  const json = (next: unknown, variant: string): BodyChoice => ({ body: JSON.stringify(next), variant });
  const field = keys.length ? fc.constantFrom(...keys) : fc.constant('field');
  const choices: fc.Arbitrary<BodyChoice>[] = [];
  if (required.length) {
    choices.push(
      fc.constantFrom(...required).map((key) => {
        const { [key]: _dropped, ...rest } = object;
        return json(rest, `body:missing:${key}`);
      }),
    );
  }
  choices.push(
    fc
      .tuple(field, fc.constantFrom(...WRONG_TYPES))
      .map(([key, wrong]) => json({ ...object, [key]: wrong }, `body:wrong-type:${key}`)),
    field.map((key) => json({ ...object, [key]: null }, `body:null:${key}`)),
    field.chain((key) =>
      fc
        .constantFrom(...outOfRange(properties[key] ?? {}))
        .map((bad) => json({ ...object, [key]: bad }, `body:out-of-range:${key}`)),
    ),
    fc.tuple(field, nastyText).map(([key, text]) => json({ ...object, [key]: text }, `body:nasty:${key}`)),
    fc
      .tuple(
        fc.constantFrom('isAdmin', 'roles', 'userId', 'id', 'status', 'creatorId', 'verified', 'extra'),
        fc.constantFrom<unknown>(true, 'admin', ['admin'], ...forgedUserIds, 1),
      )
      .map(([key, extra]) => json({ ...object, [key]: extra }, `body:extra:${key}`)),
    fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => ({
      body: withFragment(object, key, '{"isAdmin":true,"roles":["admin"],"prototype":{"polluted":1}}'),
      variant: `body:pollute:${key}`,
    })),
    fc
      .tuple(field, fc.constantFrom(3000, 100_000, 900_000), fc.constantFrom('x', 'é', '🎬'))
      .map(([key, length, unit]) =>
        json({ ...object, [key]: unit.repeat(Math.ceil(length / unit.length)) }, `body:huge-string:${key}`),
      ),
    fc
      .tuple(field, fc.constantFrom(50, 1000, 20_000, 100_000), fc.boolean())
      .map(([key, depth, objects]) => ({
        body: withFragment(object, key, deeplyNested(depth, objects)),
        variant: `body:deep-${depth}:${key}`,
      })),
    fc
      .tuple(field, fc.constantFrom('a\u0000b', '\u0000', 'x\ud800y', '\udfff', '\ufffe'))
      .map(([key, text]) => json({ ...object, [key]: text }, `body:control:${key}`)),
    fc.tuple(field, fc.constantFrom(...INVALID_UTF8)).map(([key, bytes]) => ({
      body: withRawBytes(withFragment(object, key, '"a@@b"'), bytes),
      variant: `body:invalid-utf8:${key}`,
    })),
    fc
      .tuple(
        field,
        fc.constantFrom('1e999', '-0', '1'.repeat(400), '0.' + '0'.repeat(400) + '1', '1E+2', '-1e-999'),
      )
      .map(([key, number]) => ({
        body: withFragment(object, key, number),
        variant: `body:number-text:${key}`,
      })),
    fc.tuple(field, fc.constantFrom(...WRONG_TYPES)).map(([key, wrong]) => ({
      body: `{${JSON.stringify(key)}:${JSON.stringify(wrong)},${JSON.stringify(object).slice(1)}`.replace(
        ',}',
        '}',
      ),
      variant: `body:duplicate-key:${key}`,
    })),
    fc.constantFrom<unknown>([object], [object, object], []).map((array) => json(array, 'body:array')),
  );
  return fc.oneof(...choices);
}

/** Bodies that are not JSON of any shape, or barely. */
const garbage: fc.Arbitrary<BodyChoice> = fc.oneof(
  fc
    .constantFrom(
      '',
      '{',
      '}',
      '{"a":',
      'null',
      'true',
      '0',
      '"text"',
      '[]',
      '{}',
      "{'a':1}",
      '{"a":1,}',
      '{a:1}',
      '{"a":NaN}',
      '{"a":undefined}',
      '/* */{}',
      '\ufeff{}',
      ' \n\t ',
      'a=1&b=2',
      '<xml/>',
    )
    .map((text) => ({ body: text, variant: 'body:garbage' })),
  fc.constantFrom(1000, 20_000, 100_000).map((depth) => ({
    body: deeplyNested(depth, false),
    variant: `body:deep-${depth}`,
  })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ body: bytes, variant: 'body:random-bytes' })),
  fc.constantFrom(...INVALID_UTF8).map((bytes) => ({
    body: withRawBytes('{"a":"@@"}', bytes),
    variant: 'body:invalid-utf8',
  })),
  fc.jsonValue({ maxDepth: 3 }).map((value) => ({ body: JSON.stringify(value), variant: 'body:any-json' })),
);

const IMAGE_MAGIC: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [...Buffer.from('GIF89a')],
  webp: [...Buffer.from('RIFF'), 0x10, 0, 0, 0, ...Buffer.from('WEBPVP8 ')],
};

/** Bodies for an operation whose body is not JSON (the avatar's picture, tus' bytes). */
export function binaryBody(operation: Operation): fc.Arbitrary<[BodyChoice, string]> {
  const types = operation.body?.contentTypes ?? [];
  const declared = types.length ? fc.constantFrom(...types) : fc.constant('application/octet-stream');
  const contentType = fc.oneof(
    { weight: 4, arbitrary: declared },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'image/svg+xml',
        'text/plain',
        'application/json',
        'image/',
        'image/png; x=y',
        '',
      ),
    },
  );
  const bytes = fc.oneof(
    fc
      .tuple(fc.constantFrom(...Object.entries(IMAGE_MAGIC)), fc.uint8Array({ maxLength: 300 }))
      .map(([[kind, magic], rest]) => ({
        body: Uint8Array.from([...magic, ...rest]),
        variant: `body:fake-${kind}`,
      })),
    fc.uint8Array({ maxLength: 300 }).map((random) => ({ body: random, variant: 'body:random-bytes' })),
    fc.constant({ body: '<svg xmlns="http://www.w3.org/2000/svg"/>', variant: 'body:svg' }),
    fc.constant({ body: '', variant: 'body:empty' }),
  );
  return fc.tuple(bytes, contentType);
}

const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'application/merge-patch+json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json, text/html',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json; boundary=' + 'x'.repeat(2000),
  ';;;',
  'application/x-json',
  'image/png',
];

/** A JSON text sent as a form or a multipart body, as a browser form would carry it. */
function reshaped(text: string, contentType: string): string {
  if (contentType === 'application/x-www-form-urlencoded') {
    try {
      const value = JSON.parse(text) as unknown;
      if (isObject(value)) {
        return Object.entries(value)
          .map(
            ([key, item]) =>
              `${encodeComponent(key)}=${encodeComponent(typeof item === 'string' ? item : JSON.stringify(item))}`,
          )
          .join('&');
      }
    } catch {
      // Not JSON: sent as it is.
    }
  }
  if (contentType.startsWith('multipart/form-data; boundary=fuzz')) {
    return `--fuzz\r\nContent-Disposition: form-data; name="data"\r\n\r\n${text}\r\n--fuzz--\r\n`;
  }
  return text;
}

export function jsonBody(
  operation: Operation,
  persona: Persona,
  aim: Aim,
  context: FuzzContext,
): fc.Arbitrary<[BodyChoice, string | undefined]> {
  const schema = operation.body?.schema ?? { type: 'object' };
  const policy = policyOf(operation);
  const valid = validValue(schema, idHint(operation.path, aim));
  const invalidOnly = policy.invalidBodiesOnly?.includes(persona) ?? false;
  const validOnly = invalidOnly
    ? []
    : [
        {
          weight: 4,
          arbitrary: valid.map((value) => ({ body: JSON.stringify(value), variant: 'body:valid' })),
        },
      ];
  const body = fc.oneof(
    ...validOnly,
    { weight: 7, arbitrary: valid.chain((value) => mutate(schema, value, context.forgedUserIds)) },
    { weight: 2, arbitrary: garbage },
  );
  const contentType = fc.oneof(
    { weight: 14, arbitrary: fc.constant('application/json') },
    { weight: 1, arbitrary: fc.constant('application/json; charset=utf-8') },
    { weight: 3, arbitrary: fc.constantFrom(...OTHER_CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  return fc.tuple(body, contentType).map(([choice, type]) => {
    let text = invalidOnly ? missingRequired(choice.body, schema.required ?? []) : choice.body;
    if (typeof text === 'string' && type) text = reshaped(text, type);
    if (typeof text === 'string' && type === 'application/json; charset=utf-16') {
      text = new Uint8Array(Buffer.from(text, 'utf16le'));
    }
    return [{ body: text, variant: choice.variant }, type];
  });
}

/**
 * `body` sure to be refused: a mutation may still be valid (a null optional field, a duplicated
 * key whose last value is fine), so an object holding every required field loses the first.
 */
function missingRequired(body: Body, required: readonly string[]): Body {
  if (!required.length || (typeof body === 'object' && 'large' in body)) return body;
  let value: unknown;
  try {
    value = JSON.parse(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  } catch {
    return body;
  }
  if (!isObject(value) || !required.every((key) => key in value)) return body;
  const { [required[0]!]: _dropped, ...rest } = value;
  try {
    return JSON.stringify(rest);
  } catch {
    return '{}'; // nested too deep to write out again
  }
}

/** For an operation without a request body: mostly none, sometimes one anyway. */
export const strayBody: fc.Arbitrary<[BodyChoice | undefined, string | undefined]> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<[undefined, undefined]>([undefined, undefined]) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      garbage,
      fc.constantFrom<string | undefined>('application/json', 'text/plain', undefined, 'multipart/form-data'),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .jsonValue({ maxDepth: 2 })
      .map((value): [BodyChoice, string] => [
        { body: JSON.stringify(value), variant: 'body:unexpected' },
        'application/json',
      ]),
  },
);

/** The bytes of a body (a large one made now; equal sizes share one buffer). */
const largeBodies = new Map<number, Uint8Array>();
export function bodyBytes(body: Body): Uint8Array {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof Uint8Array) return body;
  let bytes = largeBodies.get(body.large);
  if (!bytes) {
    const wrapper = '{"title":""}';
    bytes = Buffer.from(`{"title":"${'x'.repeat(body.large - wrapper.length)}"}`, 'utf8');
    largeBodies.set(body.large, bytes);
  }
  return bytes;
}
