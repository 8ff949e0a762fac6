/** The analytics-worker's analytics_rollup_lag_seconds histogram, read from its /metrics. */
import { BenchError, fetchText } from '../lib/wrk.js';

export interface Histogram {
  /** Cumulative counts by upper bound (seconds), ascending, +Inf last. */
  buckets: Array<[number, number]>;
  count: number;
}

export async function readLagHistogram(url: string): Promise<Histogram> {
  const { status, body } = await fetchText(url);
  if (status !== 200) throw new BenchError(`${url} answered ${status}`, 2);
  const buckets: Array<[number, number]> = [];
  for (const match of body.matchAll(
    /^analytics_rollup_lag_seconds_bucket\{le="([^"]+)"\} (\d+(?:\.\d+)?)$/gm,
  )) {
    buckets.push([match[1] === '+Inf' ? Infinity : Number(match[1]), Number(match[2])]);
  }
  if (buckets.length === 0)
    throw new BenchError(`${url} has no analytics_rollup_lag_seconds: is analytics-worker up?`, 2);
  return { buckets, count: buckets[buckets.length - 1]![1] };
}

export function subtract(after: Histogram, before: Histogram): Histogram {
  return {
    buckets: after.buckets.map(([le, count], i) => [le, count - (before.buckets[i]?.[1] ?? 0)]),
    count: after.count - before.count,
  };
}

/** The smallest bucket bound holding quantile q of the samples (an upper bound of the quantile). */
export function lagQuantile(histogram: Histogram, q: number): number {
  if (histogram.count === 0) return 0;
  const rank = q * histogram.count;
  return histogram.buckets.find(([, count]) => count >= rank)?.[0] ?? Infinity;
}
