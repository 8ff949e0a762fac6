/**
 * The Kafka consumer lag every service and worker publishes on its /metrics
 * (kafka_consumer_lag{group,topic,partition}): what the soak and the fault drills wait on.
 */
import { REPLICAS, SERVICES, WORKERS } from './config';

/** Where one process's /metrics text is read from. */
export interface MetricsSource {
  name: string;
  read: () => Promise<string>;
}

/**
 * Every service, replica and worker `make up` runs, read on its local port (replicas as
 * ADS_REPLICAS says, as for `make up` itself).
 */
export function localMetricsSources(): MetricsSource[] {
  return [...SERVICES, ...REPLICAS, ...WORKERS].map(({ name, port }) => ({
    name,
    read: async () => {
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(2000) });
      const text = await response.text();
      if (!response.ok) throw new Error(String(response.status));
      return text;
    },
  }));
}

/**
 * The total Kafka consumer lag over every consumer group, topic and partition, read from every
 * process's /metrics (a group shared by replicas counts once, at its highest reading), and the
 * processes that did not answer.
 */
export async function totalLag(
  sources: readonly MetricsSource[] = localMetricsSources(),
): Promise<{ lag: number; unreachable: string[] }> {
  const byPartition = new Map<string, number>();
  const unreachable: string[] = [];
  await Promise.all(
    sources.map(async ({ name, read }) => {
      try {
        const text = await read();
        for (const match of text.matchAll(/^kafka_consumer_lag\{([^}]*)\} (\S+)$/gm)) {
          const value = Number(match[2]);
          byPartition.set(match[1]!, Math.max(byPartition.get(match[1]!) ?? 0, value));
        }
      } catch {
        unreachable.push(name);
      }
    }),
  );
  let lag = 0;
  for (const value of byPartition.values()) lag += value;
  return { lag, unreachable };
}

/**
 * Polls the lag every 500 ms until it is 0 everywhere, for up to `limitMs` plus `graceMs`;
 * returns the milliseconds it took (Infinity when it never got there) and the last reading.
 * `sources` is called for each reading, so a process that restarted is read where it is now.
 */
export async function waitForLag(
  limitMs: number,
  graceMs = 20_000,
  sources: () => readonly MetricsSource[] = localMetricsSources,
): Promise<{ tookMs: number; last: number }> {
  const started = performance.now();
  const deadline = started + limitMs + graceMs;
  for (;;) {
    const { lag, unreachable } = await totalLag(sources());
    const tookMs = performance.now() - started;
    if (lag === 0 && unreachable.length === 0) return { tookMs, last: 0 };
    if (performance.now() > deadline) return { tookMs: Infinity, last: lag };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
