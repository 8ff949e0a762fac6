/**
 * Path parameters and query strings for an operation: known ids, enum members and valid values,
 * and hostile ones (nasty text, raw or percent-encoded, repeated and bracketed keys, huge values).
 */
import fc from 'fast-check';
import type { Operation, Schema } from './openapi';
import { idHint, idKind, idValue, type Aim } from './targets';
import { encodeComponent, NASTY_NUMBERS, nastyText, outOfRange, validValue } from './values';

/** Sent as typed (not percent-encoded) when it is printable ASCII a request line can carry. */
const RAW_SAFE = /^[\x21-\x7e]*$/;

const pathText = fc.oneof(
  { weight: 4, arbitrary: nastyText },
  { weight: 1, arbitrary: fc.constantFrom('9'.repeat(20), '-1', '0', '1e3', '2147483648', '１２') },
  { weight: 1, arbitrary: fc.constantFrom('a'.repeat(3000), '1'.repeat(2000)) },
);

/** A path segment: an id (known or plausible), an enum member, or something hostile. */
function pathSegment(
  operation: Operation,
  name: string,
  schema: Schema,
  aim: Aim,
  hostileToo: boolean,
): fc.Arbitrary<[string, string]> {
  const kind = idKind(operation.path, name);
  const hostile = fc.tuple(pathText, fc.boolean()).map(([text, raw]): [string, string] => {
    if (raw && RAW_SAFE.test(text) && !/[?#]/.test(text)) return [text, 'path:raw'];
    return [encodeComponent(text), 'path:nasty'];
  });
  const good: fc.Arbitrary<[string, string]>[] = [];
  if (kind) good.push(idValue(kind, aim).map((value): [string, string] => [value, 'path:id']));
  if (schema.enum?.length) {
    good.push(
      fc.constantFrom(...schema.enum.map(String)).map((value): [string, string] => [value, 'path:enum']),
    );
  }
  if (!good.length) {
    const value = hostileToo ? validValue(schema).map(String) : fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/);
    good.push(value.map((text): [string, string] => [encodeComponent(text), 'path:valid']));
  }
  if (!hostileToo) return fc.oneof(...good);
  return fc.oneof({ weight: 3, arbitrary: fc.oneof(...good) }, { weight: 2, arbitrary: hostile });
}

/**
 * The operation's path with every placeholder filled, and what its segments try. Without
 * `hostileToo` every segment is one a request line may carry (an id, enum member or valid value).
 */
export function pathSegments(
  operation: Operation,
  aim: Aim,
  hostileToo = true,
): fc.Arbitrary<[string, string[]]> {
  return fc
    .tuple(
      ...operation.pathParams.map((param) =>
        pathSegment(operation, param.name, param.schema, aim, hostileToo),
      ),
    )
    .map((values) => {
      let path = operation.path;
      const variants: string[] = [];
      operation.pathParams.forEach((param, i) => {
        const [value, variant] = values[i]!;
        path = path.replace(`{${param.name}}`, value);
        if (variant !== 'path:id' && variant !== 'path:enum') variants.push(variant);
      });
      return [path, variants];
    });
}

type QueryPair = [name: string, value: string];

export function queryPairs(operation: Operation, aim: Aim): fc.Arbitrary<[QueryPair[], string]> {
  const hint = idHint(operation.path, aim);
  const documented = operation.queryParams;
  const valid = documented.length
    ? fc
        .subarray(documented, { minLength: 1 })
        .chain((params) =>
          fc.tuple(
            ...params.map((param) =>
              validValue(param.schema, hint, param.name).map((value): QueryPair => [
                param.name,
                String(value),
              ]),
            ),
          ),
        )
        .map((pairs): [QueryPair[], string] => [pairs, 'query:valid'])
    : fc.constant<[QueryPair[], string]>([[], 'query:none']);
  const name = documented.length
    ? fc.constantFrom(...documented.map((param) => param.name))
    : fc.constant('limit');
  const wrong = fc
    .tuple(
      name,
      fc.oneof(
        nastyText,
        fc.constantFrom(
          ...NASTY_NUMBERS.map(String),
          ...documented.flatMap((p) => outOfRange(p.schema).map(String)),
        ),
      ),
    )
    .map(([key, value]): [QueryPair[], string] => [[[key, value]], 'query:wrong']);
  const repeated = fc
    .tuple(name, fc.array(fc.oneof(fc.integer().map(String), nastyText), { minLength: 2, maxLength: 5 }))
    .map(([key, values]): [QueryPair[], string] => [values.map((value) => [key, value]), 'query:repeated']);
  const bracketed = fc
    .tuple(name, fc.constantFrom('[]', '[0]', '[a]', '[__proto__]', '[][]'), fc.integer().map(String))
    .map(([key, suffix, value]): [QueryPair[], string] => [[[`${key}${suffix}`, value]], 'query:brackets']);
  const unknown = fc
    .tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'userId', 'admin', 'x'), nastyText),
      nastyText,
    )
    .map(([key, value]): [QueryPair[], string] => [[[key, value]], 'query:unknown']);
  const huge = fc
    .constantFrom(2000, 9000, 20000)
    .map((length): [QueryPair[], string] => [[['q', 'x'.repeat(length)]], `query:huge-${length}`]);
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant<[QueryPair[], string]>([[], 'query:none']) },
    { weight: 4, arbitrary: valid },
    { weight: 3, arbitrary: wrong },
    { weight: 1, arbitrary: repeated },
    { weight: 1, arbitrary: bracketed },
    { weight: 1, arbitrary: unknown },
    { weight: 1, arbitrary: fc.constantFrom(0, 0, 0, 0, 0, 0, 0, 1).chain((big) => (big ? huge : valid)) },
  );
}

export function queryString(pairs: QueryPair[], raw: boolean): string {
  if (!pairs.length) return '';
  const part = (text: string) =>
    raw && RAW_SAFE.test(text) && !/[&#=+]/.test(text) ? text : encodeComponent(text);
  return '?' + pairs.map(([name, value]) => `${part(name)}=${part(value)}`).join('&');
}
