/**
 * The soak's HTTP client and its books: every call goes through `Recorder.call`, which times it
 * (from sending to the last byte of the body), files the latency under its route template and
 * counts as an error any answer the call does not document (or a network error or timeout).
 */

/** An answer: its status and body (status 0 when the request failed or timed out). */
export interface Answer {
  status: number;
  body: string;
  ok: boolean;
}

export interface CallSpec {
  /** The route template it is filed under, e.g. `GET /api/films/{id}`. */
  route: string;
  /** Path and query on the gateway. */
  path: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  /** The statuses the call documents for this request (anything else is an error). */
  expect?: number[];
  /** Read the body as bytes and drop it (media segments). */
  binary?: boolean;
}

interface RouteBook {
  latencies: number[];
  errors: number;
}

const TIMEOUT_MS = 10_000;
const EXAMPLES = 10;

export const quantile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

export class Recorder {
  private readonly routes = new Map<string, RouteBook>();
  readonly examples: string[] = [];
  errors = 0;

  constructor(private readonly gateway: string) {}

  async call(spec: CallSpec): Promise<Answer> {
    const method = spec.method ?? 'GET';
    const headers: Record<string, string> = { ...spec.headers };
    if (method !== 'GET') {
      headers.origin = this.gateway;
      if (spec.body !== undefined) headers['content-type'] = 'application/json';
    }
    const expect = spec.expect ?? [200];
    const started = performance.now();
    let answer: Answer;
    try {
      const response = await fetch(`${this.gateway}${spec.path}`, {
        method,
        headers,
        body: spec.body === undefined ? undefined : JSON.stringify(spec.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = spec.binary ? (await response.arrayBuffer(), '') : await response.text();
      answer = { status: response.status, body, ok: expect.includes(response.status) };
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
      const message = error instanceof Error ? error.message : String(error);
      answer = { status: 0, body: cause ? `${message} (${cause})` : message, ok: false };
    }
    this.record(spec.route, performance.now() - started, answer.ok, () =>
      answer.status === 0
        ? `${method} ${spec.path}: ${answer.body}`
        : `${method} ${spec.path}: ${answer.status} ${answer.body.slice(0, 300)}`,
    );
    return answer;
  }

  /** Files one latency (ms) under `route`; `describe` says what went wrong when not `ok`. */
  record(route: string, latencyMs: number, ok: boolean, describe: () => string): void {
    const book = this.routes.get(route) ?? { latencies: [], errors: 0 };
    this.routes.set(route, book);
    book.latencies.push(latencyMs);
    if (ok) return;
    book.errors += 1;
    this.errors += 1;
    if (this.examples.length < EXAMPLES) this.examples.push(describe());
  }

  requests(): number {
    let total = 0;
    for (const book of this.routes.values()) total += book.latencies.length;
    return total;
  }

  p99(route: string): number {
    const book = this.routes.get(route);
    return book
      ? quantile(
          [...book.latencies].sort((a, b) => a - b),
          0.99,
        )
      : 0;
  }

  /** The table: route, count, p50, p99, max, errors, and p99 against the baseline route's p99. */
  print(baselineRoute: string): void {
    const baseline = this.p99(baselineRoute);
    const header = ['route', 'count', 'p50', 'p99', 'max', 'errors', 'p99/baseline'];
    const rows = [...this.routes.entries()]
      .sort(([a], [b]) => (a === baselineRoute ? -1 : b === baselineRoute ? 1 : a.localeCompare(b)))
      .map(([route, book]) => {
        const sorted = [...book.latencies].sort((a, b) => a - b);
        const p99 = quantile(sorted, 0.99);
        return [
          route,
          String(sorted.length),
          msText(quantile(sorted, 0.5)),
          msText(p99),
          msText(sorted.at(-1) ?? 0),
          String(book.errors),
          baseline > 0 ? `${(p99 / baseline).toFixed(1)}x` : '-',
        ];
      });
    printColumns(header, rows);
  }
}

export const msText = (ms: number): string => `${ms.toFixed(1)} ms`;

/** Prints rows under a header: the first column left-aligned, the others right-aligned. */
export function printColumns(header: string[], rows: string[][]): void {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(format(row));
}
