/**
 * Values for the fuzzer: texts that have broken parsers, id pipes and SQL before; valid-ish values
 * for a JSON Schema; and the ways a valid JSON body is broken (missing or mistyped fields, nulls,
 * extra and prototype keys, huge strings, deep nesting, bad encodings).
 */
import fc from 'fast-check';
import { NASTY_TEXT } from '../../services/common/src/testing/nasty-text';
import type { Schema } from './openapi';

/** Whole numbers and numerals around every edge a parser or a PostgreSQL integer column has. */
export const NASTY_NUMBERS: unknown[] = [
  0,
  -1,
  -0,
  1.5,
  2147483647,
  2147483648,
  -2147483649,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
];

/** A value of another JSON type than the schema asks for. */
export const WRONG_TYPES: unknown[] = [
  '1',
  '',
  'true',
  1,
  -1,
  0.5,
  true,
  false,
  [],
  [1, 2],
  {},
  { a: 1 },
  [{}],
  ['x'],
];

const LATIN1 = /[^\u0020-\u007e\u00a0-\u00ff]/g;

/** A text usable as an HTTP header value (no CR, LF, NUL or code points above U+00FF). */
export function headerSafe(value: string): string {
  return value.replace(LATIN1, '?');
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Percent-encodes `value` for a URL; a lone surrogate (no UTF-8 for it) becomes U+FFFD. */
export function encodeComponent(value: string): string {
  return encodeURIComponent(value.replace(LONE_SURROGATE, '\ufffd'));
}

export const nastyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

const types = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/** The non-null type a schema asks for ("object" for a schema with properties and no type). */
export function mainType(schema: Schema): string | undefined {
  const found = types(schema).find((type) => type !== 'null');
  if (found) return found;
  if (schema.properties) return 'object';
  if (schema.allOf?.length === 1) return mainType(schema.allOf[0]!);
  return undefined;
}

/** A string for a `format`, valid for it. */
function formatted(format: string): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'email':
      return fc.oneof(
        fc
          .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 4, maxLength: 12 })
          .map((hex) => `fuzz-${hex}@e2e.kinora.test`),
        fc.emailAddress(),
      );
    case 'uri':
      return fc.oneof(
        fc.constantFrom('https://example.com/', 'http://localhost/x', 'https://kinora.test/a?b=c#d'),
        fc.webUrl(),
      );
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    default:
      return undefined;
  }
}

/**
 * Gives the fuzzer's own values for some fields by name (ids of things that exist, say): returned
 * arbitraries are mixed in with what the schema alone would give.
 */
export type FieldHint = (name: string, schema: Schema) => fc.Arbitrary<unknown> | undefined;

/** A value that (mostly) satisfies `schema`: right types, lengths and ranges, often at the edges. */
export function validValue(schema: Schema, hint?: FieldHint, name = '', depth = 0): fc.Arbitrary<unknown> {
  const own = schema.allOf?.length === 1 ? { ...schema.allOf[0]!, ...schema, allOf: undefined } : schema;
  const base = plainValue(own, hint, name, depth);
  const hinted = hint?.(name, own);
  const withHint = hinted ? fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: base }) : base;
  return types(own).includes('null')
    ? fc.oneof({ weight: 4, arbitrary: withHint }, { weight: 1, arbitrary: fc.constant(null) })
    : withHint;
}

function plainValue(schema: Schema, hint: FieldHint | undefined, name: string, depth: number) {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.oneOf?.length || schema.anyOf?.length) {
    const parts = (schema.oneOf ?? schema.anyOf)!;
    return fc.oneof(...parts.map((part) => validValue(part, hint, name, depth)));
  }
  switch (mainType(schema)) {
    case 'integer': {
      const min = schema.minimum ?? -1000;
      const max = schema.maximum ?? Math.max(min, 0) + 100_000;
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min, max }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
      );
    }
    case 'number': {
      const min = schema.minimum ?? -1e6;
      const max = schema.maximum ?? 1e6;
      return fc.oneof(
        { weight: 3, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
        { weight: 1, arbitrary: fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = validValue(schema.items ?? {}, hint, name, depth + 1);
      const maxLength = Math.min(schema.maxItems ?? 4, 4);
      const minLength = Math.min(schema.minItems ?? 0, maxLength);
      return schema.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      if (depth > 4 || Object.keys(properties).length === 0) return fc.constant({});
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, validValue(value, hint, key, depth + 1)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in model) });
    }
    case 'string': {
      const format = schema.format ? formatted(schema.format) : undefined;
      if (format) return format;
      if (schema.pattern) {
        return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= 200);
      }
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
        ...(schema.maxLength ? [{ weight: 1, arbitrary: fc.constant('é'.repeat(schema.maxLength)) }] : []),
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value just outside what `schema` allows, of the right JSON type where one exists. */
export function outOfRange(schema: Schema): unknown[] {
  const out: unknown[] = [];
  const type = mainType(schema);
  if (type === 'integer' || type === 'number') {
    if (schema.minimum !== undefined) out.push(schema.minimum - 1, schema.minimum - 0.5);
    if (schema.maximum !== undefined) out.push(schema.maximum + 1);
    if (type === 'integer') out.push(1.5, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2);
    out.push(1e308, -1e308);
  }
  if (type === 'string') {
    if (schema.maxLength !== undefined) out.push('x'.repeat(schema.maxLength + 1));
    if (schema.minLength) out.push('');
    if (schema.enum) out.push(`${String(schema.enum[0])} `, String(schema.enum[0]).toUpperCase(), 'other');
    if (schema.format) out.push('not-a-' + schema.format, ' ', '\u0000');
  }
  if (type === 'array' && schema.maxItems !== undefined) {
    out.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
  }
  return out.length ? out : WRONG_TYPES;
}

/** JSON text for an array nested `depth` levels deep (holding `leaf`), or objects (`{"a":…}`). */
export function deeplyNested(depth: number, objects: boolean, leaf = '1'): string {
  return objects
    ? '{"a":'.repeat(depth) + leaf + '}'.repeat(depth)
    : '['.repeat(depth) + leaf + ']'.repeat(depth);
}

/** UTF-8 byte sequences that are not valid UTF-8 (lone continuation, overlong, surrogate, 0xFF). */
export const INVALID_UTF8: readonly number[][] = [
  [0xff],
  [0xc3, 0x28],
  [0x80],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf4, 0x90, 0x80, 0x80],
  [0xe2, 0x82],
];

/** `text` (JSON) with the bytes of `bad` in place of its first `@@` marker, as raw bytes. */
export function withRawBytes(text: string, bad: readonly number[]): Uint8Array {
  const [before, after = ''] = text.split('@@', 2);
  return Buffer.concat([Buffer.from(before ?? '', 'utf8'), Buffer.from(bad), Buffer.from(after, 'utf8')]);
}
