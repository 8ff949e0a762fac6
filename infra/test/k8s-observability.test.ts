// Static checks of Kinora's metrics pipeline in k8s, offline (kubectl kustomize only):
//   (a) scraping: the prometheus.io annotations sit on exactly the pods that serve /metrics, on a port
//       they declare; the Prometheus Operator's ServiceMonitor/PodMonitor (k8s/components/monitoring)
//       select existing Services/pods by label and a named port, and cover each scraped pod once
//       (that the NetworkPolicies let Prometheus in on that port is checked with the rest of the
//       allow list, k8s-checks/network.ts);
//   (b) prometheus-adapter's rules (k8s/components/monitoring/prometheus-adapter-rules.yaml) name
//       metrics and labels that the services register with prom-client;
//   (c) HPAs scale up at once and down slowly; the base scales on CPU only; every custom metric an
//       HPA uses comes from an adapter rule, and from a metric the target's process actually emits
//       (targets and served metric names: k8s-checks/autoscaling.ts, run by k8s.test.ts).
//
//   node --import tsx --test infra/test/k8s-observability.test.ts
// KUBECTL overrides the kubectl binary (default: kubectl on PATH).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { adapterRulesOf, ADAPTER_RULES, type AdapterRule } from './k8s-checks/autoscaling';
import { renderKustomization } from './kustomize';
import { parse } from 'yaml';

const root = resolve(__dirname, '..', '..');
const requireFromHere = createRequire(__filename);
const OPERATOR_API = 'monitoring.coreos.com/v1';
/** Autoscaled on more than CPU once the custom-metrics component is in (the staging overlay). */
const CUSTOM_SCALED = ['ads', 'analytics', 'analytics-worker', 'catalog-worker'];

// ------------------------------------------------------------------ shapes read by the checks

type Labels = Record<string, string>;
interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
}
interface MetricSpec {
  type: string;
  resource?: { name: string };
  pods?: { metric: { name: string }; target: { type: string; averageValue?: string | number } };
}
interface Endpoint {
  port?: string;
  targetPort?: unknown;
  path?: string;
  [key: string]: unknown;
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Labels };
  spec?: {
    selector?: Labels & { matchLabels?: Labels; matchExpressions?: unknown[] };
    template?: { metadata?: { labels?: Labels; annotations?: Labels }; spec: { containers: Container[] } };
    ports?: { name?: string; port: number; targetPort?: number | string }[];
    // HorizontalPodAutoscaler
    scaleTargetRef?: { apiVersion: string; kind: string; name: string };
    metrics?: MetricSpec[];
    behavior?: {
      scaleUp?: { stabilizationWindowSeconds?: number };
      scaleDown?: { stabilizationWindowSeconds?: number };
    };
    // NetworkPolicy
    podSelector?: { matchLabels?: Labels; matchExpressions?: unknown[] };
    policyTypes?: string[];
    ingress?: {
      from?: { podSelector?: { matchLabels?: Labels }; namespaceSelector?: { matchLabels?: Labels } }[];
      ports?: { port?: number | string }[];
    }[];
    // ServiceMonitor / PodMonitor
    endpoints?: Endpoint[];
    podMetricsEndpoints?: Endpoint[];
    [key: string]: unknown;
  };
  data?: Record<string, string>;
}

// ------------------------------------------------------------------ helpers

const read = (path: string): string => readFileSync(join(root, path), 'utf8');

const render = (dir: string) => renderKustomization<K8sObject>(root, dir);

const byKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const podLabels = (o: K8sObject): Labels => o.spec?.template?.metadata?.labels ?? {};
const scrapeAnnotations = (o: K8sObject): Labels => o.spec?.template?.metadata?.annotations ?? {};
const isScraped = (o: K8sObject) => scrapeAnnotations(o)['prometheus.io/scrape'] === 'true';
const componentOf = (o: K8sObject) => podLabels(o)['app.kubernetes.io/component'];

function matches(matchLabels: Labels | undefined, labels: Labels | undefined): boolean {
  const wanted = Object.entries(matchLabels ?? {});
  return wanted.length > 0 && wanted.every(([key, value]) => labels?.[key] === value);
}

/** The Deployment a Service routes to (its selector is a plain label map). */
function serviceTarget(service: K8sObject, objects: K8sObject[]): K8sObject | undefined {
  const selector = service.spec?.selector as Labels | undefined;
  return byKind(objects, 'Deployment').find(
    (d) => d.metadata.namespace === service.metadata.namespace && matches(selector, podLabels(d)),
  );
}

// ------------------------------------------------------------------ what the services register

interface RegisteredMetric {
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
function registeredMetrics(): RegisteredMetric[] {
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

/** The series names a metric is exposed as, with the labels each carries. */
function exposedSeries(metric: RegisteredMetric): [string, string[]][] {
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
  assert.ok(pkg, `Deployment ${deployment.metadata.name}: image ${container?.image} is no kinora/<package>`);
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
function emits(deployment: K8sObject, metric: RegisteredMetric): { ok: boolean; why: string } {
  const { pkg, entry } = processOf(deployment);
  assert.ok(existsSync(entry), `Deployment ${deployment.metadata.name}: ${relative(root, entry)} is missing`);
  const files = reachableFiles(entry);
  const graphHas = (marker: string) => [...files].some((file) => readFileSync(file, 'utf8').includes(marker));
  if (metric.name === 'kafka_consumer_lag') {
    return {
      ok: graphHas('@EventPattern(') || graphHas('new BatchConsumer('),
      why: 'only a process that consumes (@EventPattern handlers, or a BatchConsumer) reports lag',
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
        `${metric.file}: say in this test which processes emit ${metric.name}`,
      );
      return {
        ok: files.has(join(root, metric.file)),
        why: `${metric.file} is not in the module graph of services/${pkg}/${relative(join(root, 'services', pkg), entry)}`,
      };
  }
}

// ------------------------------------------------------------------ adapter rules

function adapterRules(): { configMap: K8sObject; rules: AdapterRule[] } {
  const configMap = parse(read(ADAPTER_RULES)) as K8sObject;
  return { configMap, rules: adapterRulesOf(configMap) };
}

/** The one metric name a seriesQuery selects: `name{...}`. */
function seriesName(query: string): string | undefined {
  return /^\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{/.exec(query)?.[1];
}

/** Label names a PromQL expression groups by or matches on (Go-template placeholders left out). */
function promqlLabels(query: string): string[] {
  const labels: string[] = [];
  const plain = query.replace(/<<\.\w+>>/g, '');
  for (const [, list] of plain.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)) {
    labels.push(...list.split(',').map((l) => l.trim()));
  }
  for (const [, body] of plain.matchAll(/\{([^}]*)\}/g)) {
    for (const [, label] of body.matchAll(/([a-zA-Z_]\w*)\s*(?:=~|!~|!=|=)\s*"/g)) labels.push(label);
  }
  return labels.filter(Boolean);
}

// ------------------------------------------------------------------ tests

describe('k8s observability: scraping, prometheus-adapter rules and the HPAs on them', () => {
  let base: K8sObject[] = [];
  let staging: K8sObject[] = [];
  const metrics = registeredMetrics();
  const series = new Map(
    metrics.flatMap((metric) => exposedSeries(metric).map(([name, labels]) => [name, { metric, labels }])),
  );

  before(() => {
    base = render('k8s/base');
    staging = render('k8s/overlays/staging');
  });
  const renders = (): [string, K8sObject[]][] => [
    ['k8s/base', base],
    ['k8s/overlays/staging', staging],
  ];

  it('finds the prom-client metrics the rules build on', () => {
    for (const name of ['http_request_duration_seconds', 'kafka_consumer_lag', 'queue_jobs']) {
      assert.ok(
        metrics.some((m) => m.name === name),
        `services/**/src: no metric ${name} (found ${metrics.map((m) => m.name).join(', ')})`,
      );
    }
  });

  // ---------------------------------------------------------------- (a)
  describe('scraping', () => {
    it('annotates for scraping exactly the pods that serve /metrics, on a port they declare', () => {
      for (const [dir, objects] of renders()) {
        for (const deployment of byKind(objects, 'Deployment')) {
          const where = `${dir} ${deployment.metadata.name}`;
          const annotations = scrapeAnnotations(deployment);
          // Every service and worker process serves /metrics (MetricsController); nginx has no exporter.
          const serves = ['api', 'worker'].includes(componentOf(deployment) ?? '');
          assert.equal(isScraped(deployment), serves, `${where}: prometheus.io/scrape`);
          if (!serves) {
            assert.ok(
              !Object.keys(annotations).some((key) => key.startsWith('prometheus.io/')),
              `${where}: serves no /metrics, so no prometheus.io annotations`,
            );
            continue;
          }
          assert.equal(annotations['prometheus.io/path'], '/metrics', `${where}: prometheus.io/path`);
          const [container] = deployment.spec?.template?.spec.containers ?? [];
          const port = container.ports?.find(
            (p) => String(p.containerPort) === annotations['prometheus.io/port'],
          );
          assert.ok(
            port,
            `${where}: prometheus.io/port ${annotations['prometheus.io/port']} is no container port`,
          );
          assert.equal(
            container.env?.find((v) => v.name === 'PORT')?.value,
            String(port.containerPort),
            `${where}: the scraped port is the PORT the process listens on`,
          );
          assert.equal(port.name, 'http', `${where}: the metrics port is named http (the monitors use it)`);
        }
      }
    });

    it('keeps the Prometheus Operator objects out of base (clusters without its CRDs apply base)', () => {
      assert.deepEqual(
        base.filter((o) => o.apiVersion.startsWith('monitoring.coreos.com/')).map((o) => o.kind),
        [],
      );
      assert.ok(
        staging.some((o) => o.apiVersion === OPERATOR_API),
        'staging: includes no ServiceMonitor/PodMonitor (k8s/components/monitoring)',
      );
    });

    it('shapes every ServiceMonitor and PodMonitor as the Operator reads them', () => {
      const specKeys: Record<string, string[]> = {
        ServiceMonitor: [
          'selector',
          'endpoints',
          'namespaceSelector',
          'jobLabel',
          'targetLabels',
          'podTargetLabels',
        ],
        PodMonitor: ['selector', 'podMetricsEndpoints', 'namespaceSelector', 'jobLabel', 'podTargetLabels'],
      };
      const endpointKeys = [
        'port',
        'path',
        'interval',
        'scrapeTimeout',
        'scheme',
        'honorLabels',
        'relabelings',
      ];
      for (const monitor of staging.filter((o) => o.apiVersion.startsWith('monitoring.coreos.com/'))) {
        const where = `staging ${monitor.kind}/${monitor.metadata.name}`;
        assert.equal(monitor.apiVersion, OPERATOR_API, where);
        assert.ok(monitor.kind in specKeys, `${where}: kind not checked here`);
        const unknown = Object.keys(monitor.spec ?? {}).filter(
          (key) => !specKeys[monitor.kind].includes(key),
        );
        assert.deepEqual(unknown, [], `${where}: unknown spec fields`);
        assert.ok(
          !monitor.spec?.selector?.matchExpressions,
          `${where}: matchExpressions are not checked here`,
        );
        assert.ok(
          Object.keys(monitor.spec?.selector?.matchLabels ?? {}).length > 0,
          `${where}: selector.matchLabels is empty (it would select everything)`,
        );
        const endpoints = monitor.spec?.endpoints ?? monitor.spec?.podMetricsEndpoints ?? [];
        assert.ok(endpoints.length > 0, `${where}: no endpoints`);
        for (const endpoint of endpoints) {
          assert.deepEqual(
            Object.keys(endpoint).filter((key) => !endpointKeys.includes(key)),
            [],
            `${where}: unknown endpoint fields`,
          );
          assert.equal(typeof endpoint.port, 'string', `${where}: endpoints name their port`);
        }
      }
    });

    it('has each ServiceMonitor select existing Services by label and a named port they have', () => {
      for (const monitor of byKind(staging, 'ServiceMonitor')) {
        const where = `staging ServiceMonitor/${monitor.metadata.name}`;
        const services = byKind(staging, 'Service').filter(
          (s) =>
            s.metadata.namespace === monitor.metadata.namespace &&
            matches(monitor.spec?.selector?.matchLabels, s.metadata.labels),
        );
        assert.ok(services.length > 0, `${where}: selects no Service`);
        for (const service of services) {
          const deployment = serviceTarget(service, staging);
          assert.ok(deployment, `${where}: Service ${service.metadata.name} routes to no Deployment`);
          for (const endpoint of monitor.spec?.endpoints ?? []) {
            const port = service.spec?.ports?.find((p) => p.name === endpoint.port);
            assert.ok(port, `${where}: Service ${service.metadata.name} has no port named ${endpoint.port}`);
            const target = port.targetPort ?? port.port;
            const containerPort: number | undefined = deployment.spec?.template?.spec.containers
              .flatMap((c) => c.ports ?? [])
              .find((p) => p.name === target || p.containerPort === target)?.containerPort;
            assert.equal(
              String(containerPort),
              scrapeAnnotations(deployment)['prometheus.io/port'],
              `${where}: Service ${service.metadata.name} port ${endpoint.port} reaches another port than the metrics port`,
            );
            assert.equal(
              endpoint.path,
              scrapeAnnotations(deployment)['prometheus.io/path'],
              `${where}: path`,
            );
          }
        }
      }
    });

    it('has each PodMonitor select existing pods by label and a named container port they have', () => {
      for (const monitor of byKind(staging, 'PodMonitor')) {
        const where = `staging PodMonitor/${monitor.metadata.name}`;
        const deployments = byKind(staging, 'Deployment').filter(
          (d) =>
            d.metadata.namespace === monitor.metadata.namespace &&
            matches(monitor.spec?.selector?.matchLabels, podLabels(d)),
        );
        assert.ok(deployments.length > 0, `${where}: selects no pods`);
        for (const deployment of deployments) {
          for (const endpoint of monitor.spec?.podMetricsEndpoints ?? []) {
            const port = deployment.spec?.template?.spec.containers
              .flatMap((c) => c.ports ?? [])
              .find((p) => p.name === endpoint.port);
            assert.ok(
              port,
              `${where}: ${deployment.metadata.name} has no container port named ${endpoint.port}`,
            );
            assert.equal(
              String(port.containerPort),
              scrapeAnnotations(deployment)['prometheus.io/port'],
              `${where}: ${deployment.metadata.name} port ${endpoint.port} is not the metrics port`,
            );
            assert.equal(
              endpoint.path,
              scrapeAnnotations(deployment)['prometheus.io/path'],
              `${where}: path`,
            );
          }
        }
      }
    });

    it('has the monitors cover every scraped pod exactly once, and nothing else', () => {
      for (const deployment of byKind(staging, 'Deployment')) {
        const by = [
          ...byKind(staging, 'ServiceMonitor')
            .filter((m) =>
              byKind(staging, 'Service').some(
                (s) =>
                  matches(m.spec?.selector?.matchLabels, s.metadata.labels) &&
                  serviceTarget(s, staging) === deployment,
              ),
            )
            .map((m) => `ServiceMonitor/${m.metadata.name}`),
          ...byKind(staging, 'PodMonitor')
            .filter((m) => matches(m.spec?.selector?.matchLabels, podLabels(deployment)))
            .map((m) => `PodMonitor/${m.metadata.name}`),
        ];
        assert.equal(
          by.length,
          isScraped(deployment) ? 1 : 0,
          `staging ${deployment.metadata.name}: scraped by ${by.join(', ') || 'no monitor'}`,
        );
      }
    });

    // That the NetworkPolicies let Prometheus in on every metrics port, and nothing more, is part of
    // the allow list k8s-checks/network.ts derives (k8s.test.ts).
  });

  // ---------------------------------------------------------------- (b)
  describe('prometheus-adapter rules', () => {
    it('is a ConfigMap for the adapter (key config.yaml, its own namespace), in no kustomization', () => {
      const { configMap, rules } = adapterRules();
      const { ConfigMap } = requireFromHere('kubernetes-models/v1/ConfigMap') as {
        ConfigMap: new (data: unknown) => { validate(): void };
      };
      new ConfigMap(configMap).validate();
      assert.ok(configMap.metadata.namespace, `${ADAPTER_RULES}: names the adapter's namespace`);
      assert.ok(rules.length > 0, `${ADAPTER_RULES}: config.yaml has no rules`);
      for (const [dir, objects] of renders()) {
        assert.ok(
          !named(objects, 'ConfigMap', configMap.metadata.name),
          `${dir}: renders ${configMap.metadata.name}, which belongs in the adapter's namespace`,
        );
      }
    });

    it('maps namespace and pod, names a registered series, and queries only its labels', () => {
      const { rules } = adapterRules();
      const names = rules.map((rule) => rule.name?.as);
      assert.equal(new Set(names).size, names.length, `${ADAPTER_RULES}: metric names repeat`);
      for (const rule of rules) {
        const where = `${ADAPTER_RULES} ${rule.name?.as}`;
        const name = seriesName(rule.seriesQuery ?? '');
        assert.ok(name, `${where}: seriesQuery must name its metric, as name{...}`);
        const found = series.get(name);
        assert.ok(
          found,
          `${where}: no service registers ${name} (histograms expose <name>_bucket, _sum and _count)`,
        );
        assert.match(rule.seriesQuery ?? '', /namespace!=""/, `${where}: seriesQuery needs a namespace`);
        assert.match(rule.seriesQuery ?? '', /pod!=""/, `${where}: seriesQuery needs a pod`);
        assert.deepEqual(
          rule.resources?.overrides,
          { namespace: { resource: 'namespace' }, pod: { resource: 'pod' } },
          `${where}: resources.overrides maps namespace and pod`,
        );
        assert.ok(rule.name?.as, `${where}: name.as`);
        assert.match(name, new RegExp(rule.name?.matches ?? '.*'), `${where}: name.matches`);

        const query = rule.metricsQuery ?? '';
        assert.deepEqual(
          [...new Set(query.match(/<<[^>]*>>/g))].filter(
            (p) => !['<<.Series>>', '<<.LabelMatchers>>', '<<.GroupBy>>'].includes(p),
          ),
          [],
          `${where}: unknown template fields`,
        );
        assert.ok(query.includes('<<.GroupBy>>'), `${where}: metricsQuery groups by <<.GroupBy>>`);
        const selectors = [...query.matchAll(/<<\.Series>>\s*\{([^}]*)\}/g)];
        assert.ok(selectors.length > 0, `${where}: metricsQuery selects no <<.Series>>{...}`);
        for (const [, matchers] of selectors) {
          assert.match(
            matchers,
            /^<<\.LabelMatchers>>/,
            `${where}: every selector starts <<.LabelMatchers>>`,
          );
        }
        for (const label of [...promqlLabels(rule.seriesQuery ?? ''), ...promqlLabels(query)]) {
          assert.ok(
            ['namespace', 'pod', ...found.labels].includes(label),
            `${where}: ${name} has no label ${label} (it has ${found.labels.join(', ') || 'none'})`,
          );
        }
        if (found.metric.type === 'Counter' || name.endsWith('_count') || name.endsWith('_sum')) {
          assert.match(
            query,
            /\b(?:rate|irate|increase)\(/,
            `${where}: ${name} is cumulative: query its rate`,
          );
        }
      }
    });
  });

  // ---------------------------------------------------------------- (c)
  describe('HPAs', () => {
    // Targets, metric kinds and served metric names: checkAutoscaling (k8s-checks/autoscaling.ts).
    it('scale up at once and down slowly', () => {
      for (const [dir, objects] of renders()) {
        for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
          const where = `${dir} HPA ${hpa.metadata.name}`;
          assert.ok(
            (hpa.spec?.behavior?.scaleUp?.stabilizationWindowSeconds ?? 0) <= 60,
            `${where}: scaleUp waits more than a minute`,
          );
          assert.ok(
            (hpa.spec?.behavior?.scaleDown?.stabilizationWindowSeconds ?? 0) >= 300,
            `${where}: scaleDown.stabilizationWindowSeconds under 5 minutes`,
          );
        }
      }
    });

    it('scale on CPU only in base: a metric the cluster cannot fetch would block every scale-down', () => {
      for (const hpa of byKind(base, 'HorizontalPodAutoscaler')) {
        assert.deepEqual(
          (hpa.spec?.metrics ?? []).map((m) => m.type),
          ['Resource'],
          `k8s/base HPA ${hpa.metadata.name}`,
        );
      }
    });

    it('scale ads, analytics and both workers on CPU and custom metrics in staging', () => {
      for (const name of CUSTOM_SCALED) {
        const hpa = byKind(staging, 'HorizontalPodAutoscaler').find(
          (h) => h.spec?.scaleTargetRef?.name === name,
        );
        assert.ok(hpa, `staging: no HPA for ${name}`);
        const types = (hpa.spec?.metrics ?? []).map((m) => m.resource?.name ?? m.type);
        assert.ok(types.includes('cpu'), `staging HPA ${name}: no CPU metric`);
        assert.ok(types.includes('Pods'), `staging HPA ${name}: no custom (Pods) metric`);
      }
    });

    it('use only custom metrics an adapter rule serves, from metrics their target emits', () => {
      const rules = new Map(adapterRules().rules.map((rule) => [rule.name?.as, rule]));
      for (const [dir, objects] of renders()) {
        for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
          const deployment = named(objects, 'Deployment', hpa.spec?.scaleTargetRef?.name ?? '');
          assert.ok(deployment, `${dir} HPA ${hpa.metadata.name}: no target`);
          for (const metric of hpa.spec?.metrics ?? []) {
            const where = `${dir} HPA ${hpa.metadata.name}`;
            assert.ok(
              ['Resource', 'Pods'].includes(metric.type),
              `${where}: ${metric.type} metrics are not served by these rules`,
            );
            if (metric.type !== 'Pods') continue;
            const name = metric.pods?.metric.name ?? '';
            const rule = rules.get(name);
            assert.ok(rule, `${where}: no rule in ${ADAPTER_RULES} serves ${name}`);
            assert.equal(metric.pods?.target.type, 'AverageValue', `${where} ${name}: target type`);
            assert.ok(Number(metric.pods?.target.averageValue) > 0, `${where} ${name}: averageValue`);
            const source = series.get(seriesName(rule.seriesQuery ?? '') ?? '');
            assert.ok(source, `${where} ${name}: its rule names no registered series`);
            const { ok, why } = emits(deployment, source.metric);
            assert.ok(ok, `${where}: ${deployment.metadata.name} emits no ${source.metric.name} (${why})`);
          }
        }
      }
    });
  });
});
