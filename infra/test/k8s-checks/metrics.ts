// What the services' processes measure: every prom-client metric constructed in services/*/src, the
// series each is exposed as, and whether the process a Deployment runs emits it (its module graph).
// Read from the sources; asserts only that what it reads is what it can read.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { nameOf } from '../manifests/k8s';
import { root } from '../manifests/files';
import type { K8sObject } from '../manifests/shapes';
import { Problems } from '../problems';

export interface RegisteredMetric {
  name: string;
  type: 'Counter' | 'Gauge' | 'Histogram' | 'Summary';
  labels: string[];
  /** The file declaring it, relative to the repository root. */
  file: string;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /(?<!\.spec|\.d)\.ts$/.test(entry) ? [path] : [];
  });
}

/** Every prom-client metric constructed in services/<pkg>/src (specs left out). */
export function registeredMetrics(): RegisteredMetric[] {
  const metrics: RegisteredMetric[] = [];
  for (const pkg of readdirSync(join(root, 'services'))) {
    for (const file of sourceFiles(join(root, 'services', pkg, 'src'))) {
      const text = readFileSync(file, 'utf8');
      const constructions = [
        ...text.matchAll(/new\s+(Counter|Gauge|Histogram|Summary)\s*(?:<[^>]*>)?\s*\(/g),
      ];
      constructions.forEach((construction, index) => {
        const end = constructions[index + 1]?.index ?? text.length;
        const options = text.slice(construction.index, Math.min(end, construction.index + 1200));
        const name = /\bname:\s*'([^']+)'/.exec(options)?.[1];
        assert.ok(name, `${relative(root, file)}: a ${construction[1]} without a literal name`);
        const labels = /\blabelNames:\s*\[([^\]]*)\]/.exec(options)?.[1]?.match(/'[^']+'/g) ?? [];
        metrics.push({
          name,
          type: construction[1] as RegisteredMetric['type'],
          labels: labels.map((label) => label.slice(1, -1)),
          file: relative(root, file),
        });
      });
    }
  }
  return metrics;
}

/** Every series the services expose, by name: the metric behind it and the labels it carries. */
export type SeriesIndex = Map<string, { metric: RegisteredMetric; labels: string[] }>;
export const seriesIndex = (metrics: RegisteredMetric[]): SeriesIndex =>
  new Map(
    metrics.flatMap((metric) => exposedSeries(metric).map(([name, labels]) => [name, { metric, labels }])),
  );

/** The metrics the adapter rules build on: each registered somewhere. */
export function checkRuleSources(metrics: RegisteredMetric[]): string[] {
  const problems = new Problems();
  for (const name of ['http_request_duration_seconds', 'kafka_consumer_lag', 'queue_jobs']) {
    problems.ok(
      metrics.some((m) => m.name === name),
      `services/**/src: no metric ${name} (found ${metrics.map((m) => m.name).join(', ')})`,
    );
  }
  return problems.list;
}

/** The series names a metric is exposed as, with the labels each carries. */
export function exposedSeries(metric: RegisteredMetric): [string, string[]][] {
  switch (metric.type) {
    case 'Histogram':
      return [
        [`${metric.name}_bucket`, [...metric.labels, 'le']],
        [`${metric.name}_sum`, metric.labels],
        [`${metric.name}_count`, metric.labels],
      ];
    case 'Summary':
      return [
        [metric.name, [...metric.labels, 'quantile']],
        [`${metric.name}_sum`, metric.labels],
        [`${metric.name}_count`, metric.labels],
      ];
    default:
      return [[metric.name, metric.labels]];
  }
}

// ------------------------------------------------------------------ which process emits what

/** services/<pkg>/src files reachable through relative imports from an entry file. */
function reachableFiles(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, specifier] of text.matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+)'/g)) {
      const base = resolve(dirname(file), specifier);
      const target = [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path));
      if (target) visit(target);
    }
  };
  visit(entry);
  return seen;
}

/** The package and entry file (src/main.ts or src/worker.ts) a Deployment's container runs. */
function processOf(deployment: K8sObject): { pkg: string; entry: string } {
  const [container] = deployment.spec?.template?.spec.containers ?? [];
  const pkg = /(?:^|\/)kinora\/([\w-]+)(?::|$)/.exec(container?.image ?? '')?.[1];
  assert.ok(pkg, `Deployment ${nameOf(deployment)}: image ${container?.image} is no kinora/<package>`);
  const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
  const script = /dist\/src\/([\w-]+)\.js/.exec(command)?.[1] ?? 'main';
  return { pkg, entry: join(root, 'services', pkg, 'src', `${script}.ts`) };
}

/**
 * Whether the process a Deployment runs emits a metric's series. A metric declared in a service
 * package is emitted by the processes whose module graph imports its file. The @kinora/common ones
 * are constructed in every process, but two of them only carry series where the process does the
 * work they measure.
 */
export function emits(deployment: K8sObject, metric: RegisteredMetric): { ok: boolean; why: string } {
  const { pkg, entry } = processOf(deployment);
  assert.ok(existsSync(entry), `Deployment ${nameOf(deployment)}: ${relative(root, entry)} is missing`);
  const files = reachableFiles(entry);
  const graphHas = (marker: string) => [...files].some((file) => readFileSync(file, 'utf8').includes(marker));
  if (metric.name === 'kafka_consumer_lag') {
    return {
      ok:
        graphHas('@EventPattern(') ||
        graphHas('new TopicConsumer(') ||
        graphHas('extends BatchEventConsumer<'),
      why: 'only a process that consumes (@EventPattern handlers, a BatchEventConsumer, or a TopicConsumer of its own) reports lag',
    };
  }
  switch (metric.file) {
    case 'services/common/src/metrics/metrics.ts':
      return { ok: true, why: 'every service process' };
    case 'services/common/src/jobs/jobs.ts':
      return {
        ok: graphHas('WorkerModule.forQueue('),
        why: 'only a process with WorkerModule.forQueue runs a QueueProcessor',
      };
    default:
      assert.ok(
        !metric.file.startsWith('services/common/'),
        `${metric.file}: say in k8s-checks/metrics.ts (emits) which processes emit ${metric.name}`,
      );
      return {
        ok: files.has(join(root, metric.file)),
        why: `${metric.file} is not in the module graph of services/${pkg}/${relative(join(root, 'services', pkg), entry)}`,
      };
  }
}
