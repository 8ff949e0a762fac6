/**
 * The Kafka consumer lag every service and worker `make up` runs publishes on its /metrics
 * (kafka_consumer_lag{group,topic,partition}): what the soak and the fault drills wait on.
 */
import { REPLICAS, SERVICES, WORKERS } from './config';

/**
 * The metrics port of every service, replica and worker `make up` runs, by process name (replicas
 * as ADS_REPLICAS says, as for `make up` itself).
 */
const METRICS_PORTS: Record<string, number> = Object.fromEntries(
  [...SERVICES, ...REPLICAS, ...WORKERS].map(({ name, port }) => [name, port]),
);

/**
 * The total Kafka consumer lag over every consumer group, topic and partition, read from every
 * service's /metrics (a group shared by replicas counts once, at its highest reading), and the
 * services that did not answer.
 */
export async function totalLag(): Promise<{ lag: number; unreachable: string[] }> {
  const byPartition = new Map<string, number>();
  const unreachable: string[] = [];
  await Promise.all(
    Object.entries(METRICS_PORTS).map(async ([name, port]) => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
          signal: AbortSignal.timeout(2000),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(String(response.status));
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
 */
export async function waitForLag(
  limitMs: number,
  graceMs = 20_000,
): Promise<{ tookMs: number; last: number }> {
  const started = performance.now();
  const deadline = started + limitMs + graceMs;
  for (;;) {
    const { lag, unreachable } = await totalLag();
    const tookMs = performance.now() - started;
    if (lag === 0 && unreachable.length === 0) return { tookMs, last: 0 };
    if (performance.now() > deadline) return { tookMs: Infinity, last: lag };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
