// Problem lists: every check under infra/test returns the problems it finds (empty when all is well),
// each naming the file, the object and the value that disagrees, so that a test reports them all at
// once and a unit test can feed a check a broken copy and look for its problem.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';

/** A value as a problem shows it: JSON, or "missing". */
export const show = (value: unknown): string => (value === undefined ? 'missing' : JSON.stringify(value));

/** Fails, listing every problem one a line, unless there are none. */
export function assertNoProblems(problems: readonly string[]): void {
  assert.deepEqual(problems, [], `\n  ${problems.join('\n  ')}\n`);
}

/** One test a check, by its name: it passes when the check finds no problem. */
export function itFindsNoProblems(checks: Record<string, () => string[]>): void {
  for (const [name, check] of Object.entries(checks)) it(name, () => assertNoProblems(check()));
}

/** Problems found in one place (a directory, a file), each prefixed with it. */
export const under = (where: string, problems: readonly string[]): string[] =>
  problems.map((problem) => `${where}: ${problem}`);

/** The problems a check finds in each input (each render), prefixed with the input's directory. */
export const inEach = <T>(inputs: [dir: string, input: T][], check: (input: T) => string[]): string[] =>
  inputs.flatMap(([dir, input]) => under(dir, check(input)));

/** Short values are shown with the problem; a whole file is not. */
const excerpt = (text: string): string => (text.length <= 160 ? ` (${show(text)})` : '');

/**
 * A problem list written as node:assert is: each call records its message when what it checks does
 * not hold (equal and match with the values it saw) and returns whether it held, so that a check
 * can stop where going on would make no sense.
 */
export class Problems {
  readonly list: string[] = [];

  add(...problems: string[]): void {
    this.list.push(...problems);
  }

  ok(condition: unknown, message: string): boolean {
    if (!condition) this.list.push(message);
    return Boolean(condition);
  }

  /** Strict and deep, as assert.deepStrictEqual (assert.strictEqual for single values). */
  equal(actual: unknown, expected: unknown, message: string): boolean {
    return this.ok(
      isDeepStrictEqual(actual, expected),
      `${message}: ${show(actual)}, expected ${show(expected)}`,
    );
  }

  notEqual(actual: unknown, unexpected: unknown, message: string): boolean {
    return this.ok(!isDeepStrictEqual(actual, unexpected), `${message}: ${show(actual)}`);
  }

  match(text: string, pattern: RegExp, message: string): boolean {
    return this.ok(text.search(pattern) !== -1, `${message}: does not match ${pattern}${excerpt(text)}`);
  }

  /** `expect(pattern, what)`: records "<where>: <what>" unless `text` matches the pattern. */
  matcher(text: string, where: string): (pattern: RegExp, what: string) => boolean {
    return (pattern, what) => this.match(text, pattern, `${where}: ${what}`);
  }

  doesNotMatch(text: string, pattern: RegExp, message: string): boolean {
    return this.ok(text.search(pattern) === -1, `${message}: matches ${pattern}${excerpt(text)}`);
  }
}
