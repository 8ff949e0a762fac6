/**
 * An open-loop load generator: requests leave at a fixed rate whatever the server does, and each
 * latency is measured from the moment its request was due (not sent), so a server that falls
 * behind is charged for the queue it builds (no coordinated omission). wrk keeps a fixed number
 * of connections busy instead, which cannot hold a rate.
 */
import { Pool } from 'undici';

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RateResult {
  /** Requests per second asked for, and achieved (answered within the step). */
  rate: number;
  achieved: number;
  requests: number;
  /** Answers other than `ok`, and transport errors. */
  failures: number;
  /** The first failure seen, to say what went wrong. */
  firstFailure?: string;
  p50Ms: number;
  p99Ms: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/**
 * Sends `rate` requests per second to `origin` for `seconds`; request n is `next(n)`. A response
 * whose status `ok` refuses counts as a failure.
 */
export async function runAtRate(
  origin: string,
  rate: number,
  seconds: number,
  next: (n: number) => RequestSpec,
  ok: (status: number) => boolean,
): Promise<RateResult> {
  const pool = new Pool(origin, { connections: 512, pipelining: 1, keepAliveTimeout: 30_000 });
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | undefined;
  const total = Math.round(rate * seconds);
  const inFlight = new Set<Promise<void>>();
  const start = performance.now();
  const send = (n: number) => {
    const due = start + (n * 1000) / rate;
    const spec = next(n);
    const request = pool
      .request({ method: spec.method, path: spec.path, headers: spec.headers, body: spec.body })
      .then(async (response) => {
        const body = await response.body.text();
        if (!ok(response.statusCode)) {
          failures += 1;
          firstFailure ??= `${response.statusCode} ${body.slice(0, 200)}`;
        }
      })
      .catch((error: unknown) => {
        failures += 1;
        firstFailure ??= String(error);
      })
      .finally(() => {
        latencies.push(performance.now() - due);
        inFlight.delete(request);
      });
    inFlight.add(request);
  };
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
    while (sent < due) send(sent++);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    rate,
    achieved: total / elapsed,
    requests: total,
    failures,
    firstFailure,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
  };
}
