// Checks of prometheus-adapter's rules (k8s/components/monitoring/prometheus-adapter-rules.yaml) and
// of the HPAs' custom metrics: each rule maps namespace and pod, names a series a service registers
// with prom-client and queries only its labels; each custom metric an HPA uses comes from a rule, and
// from a metric the target's process actually emits. Pure functions of parsed objects and the metrics
// metrics.ts reads.
import { byKind, named, nameOf } from '../manifests/k8s';
import type { K8sObject } from '../manifests/shapes';
import { Problems } from '../problems';
import { ADAPTER_RULES, type AdapterRule } from './autoscaling';
import { emits, type SeriesIndex } from './metrics';
import { modelFor } from './rendered';

/** The one metric name a seriesQuery selects: `name{...}`. */
export function seriesName(query: string): string | undefined {
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

/** A valid ConfigMap naming the adapter's namespace, with rules. */
export function checkAdapterConfigMap(configMap: K8sObject, rules: AdapterRule[]): string[] {
  const problems = new Problems();
  try {
    new (modelFor('v1', 'ConfigMap'))(configMap).validate();
  } catch (error) {
    problems.add(`${ADAPTER_RULES}: ${(error as Error).message}`);
  }
  problems.ok(configMap.metadata.namespace, `${ADAPTER_RULES}: names the adapter's namespace`);
  problems.ok(rules.length > 0, `${ADAPTER_RULES}: config.yaml has no rules`);
  return problems.list;
}

/** The adapter's ConfigMap is in no kustomization: it belongs in the adapter's namespace. */
export function checkAdapterNotRendered(objects: K8sObject[], configMap: K8sObject): string[] {
  const problems = new Problems();
  problems.ok(
    !named(objects, 'ConfigMap', nameOf(configMap)),
    `renders ${nameOf(configMap)}, which belongs in the adapter's namespace`,
  );
  return problems.list;
}

export function checkAdapterRules(rules: AdapterRule[], series: SeriesIndex): string[] {
  const problems = new Problems();
  const names = rules.map((rule) => rule.name?.as);
  problems.ok(
    new Set(names).size === names.length,
    `${ADAPTER_RULES}: metric names repeat (${names.join(', ')})`,
  );
  for (const rule of rules) {
    const where = `${ADAPTER_RULES} ${rule.name?.as}`;
    const name = seriesName(rule.seriesQuery ?? '');
    if (!name) {
      problems.add(`${where}: seriesQuery must name its metric, as name{...}`);
      continue;
    }
    const found = series.get(name);
    if (!found) {
      problems.add(
        `${where}: no service registers ${name} (histograms expose <name>_bucket, _sum and _count)`,
      );
      continue;
    }
    problems.match(rule.seriesQuery ?? '', /namespace!=""/, `${where}: seriesQuery needs a namespace`);
    problems.match(rule.seriesQuery ?? '', /pod!=""/, `${where}: seriesQuery needs a pod`);
    problems.equal(
      rule.resources?.overrides,
      { namespace: { resource: 'namespace' }, pod: { resource: 'pod' } },
      `${where}: resources.overrides maps namespace and pod`,
    );
    problems.ok(rule.name?.as, `${where}: name.as`);
    problems.match(name, new RegExp(rule.name?.matches ?? '.*'), `${where}: name.matches`);

    const query = rule.metricsQuery ?? '';
    problems.equal(
      [...new Set(query.match(/<<[^>]*>>/g))].filter(
        (p) => !['<<.Series>>', '<<.LabelMatchers>>', '<<.GroupBy>>'].includes(p),
      ),
      [],
      `${where}: unknown template fields`,
    );
    problems.ok(query.includes('<<.GroupBy>>'), `${where}: metricsQuery groups by <<.GroupBy>>`);
    const selectors = [...query.matchAll(/<<\.Series>>\s*\{([^}]*)\}/g)];
    problems.ok(selectors.length > 0, `${where}: metricsQuery selects no <<.Series>>{...}`);
    for (const [, matchers] of selectors) {
      problems.match(matchers, /^<<\.LabelMatchers>>/, `${where}: every selector starts <<.LabelMatchers>>`);
    }
    for (const label of [...promqlLabels(rule.seriesQuery ?? ''), ...promqlLabels(query)]) {
      problems.ok(
        ['namespace', 'pod', ...found.labels].includes(label),
        `${where}: ${name} has no label ${label} (it has ${found.labels.join(', ') || 'none'})`,
      );
    }
    if (found.metric.type === 'Counter' || name.endsWith('_count') || name.endsWith('_sum')) {
      problems.match(query, /\b(?:rate|irate|increase)\(/, `${where}: ${name} is cumulative: query its rate`);
    }
  }
  return problems.list;
}

/** Each HPA's custom (Pods) metrics: served by a rule, AverageValue targets, emitted by the target's process. */
export function checkHpaCustomMetrics(
  objects: K8sObject[],
  rules: AdapterRule[],
  series: SeriesIndex,
): string[] {
  const problems = new Problems();
  const byName = new Map(rules.map((rule) => [rule.name?.as, rule]));
  for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
    const where = `HPA ${nameOf(hpa)}`;
    const deployment = named(objects, 'Deployment', hpa.spec?.scaleTargetRef?.name ?? '');
    if (!deployment) {
      problems.add(`${where}: no target`);
      continue;
    }
    for (const metric of hpa.spec?.metrics ?? []) {
      problems.ok(
        ['Resource', 'Pods'].includes(metric.type),
        `${where}: ${metric.type} metrics are not served by these rules`,
      );
      if (metric.type !== 'Pods') continue;
      const name = metric.pods?.metric.name ?? '';
      const rule = byName.get(name);
      if (!rule) {
        problems.add(`${where}: no rule in ${ADAPTER_RULES} serves ${name}`);
        continue;
      }
      problems.equal(metric.pods?.target.type, 'AverageValue', `${where} ${name}: target type`);
      problems.ok(
        Number(metric.pods?.target.averageValue) > 0,
        `${where} ${name}: averageValue ${metric.pods?.target.averageValue} is not positive`,
      );
      const source = series.get(seriesName(rule.seriesQuery ?? '') ?? '');
      if (!source) {
        problems.add(`${where} ${name}: its rule names no registered series`);
        continue;
      }
      const { ok, why } = emits(deployment, source.metric);
      problems.ok(ok, `${where}: ${nameOf(deployment)} emits no ${source.metric.name} (${why})`);
    }
  }
  return problems.list;
}
