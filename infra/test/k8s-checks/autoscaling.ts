// Checks of how the Deployments are sized and kept available: HorizontalPodAutoscalers (targets, and
// metrics prometheus-adapter serves) and PodDisruptionBudgets. Pure functions of parsed objects, each
// returning the problems it finds, so tests can feed them mutated copies.
import { parse } from 'yaml';
import { read } from '../manifests/files';
import { byKind, named, nameOf, podLabels, selects } from '../manifests/k8s';
import type { K8sObject } from '../manifests/shapes';

/** prometheus-adapter's configuration (a ConfigMap, key config.yaml), in no kustomization. */
export const ADAPTER_RULES = 'k8s/components/monitoring/prometheus-adapter-rules.yaml';
/** That ConfigMap, as the file writes it. */
export const readAdapterConfigMap = (): K8sObject => parse(read(ADAPTER_RULES)) as K8sObject;

export interface AdapterRule {
  seriesQuery?: string;
  seriesFilters?: unknown[];
  resources?: { overrides?: Record<string, { group?: string; resource?: string }>; template?: string };
  name?: { matches?: string; as?: string };
  metricsQuery?: string;
}

/** The rules of prometheus-adapter's ConfigMap. */
export function adapterRulesOf(configMap: { data?: Record<string, string> }): AdapterRule[] {
  const config = parse(configMap.data?.['config.yaml'] ?? '') as { rules?: AdapterRule[] } | null;
  return config?.rules ?? [];
}

/** The custom metrics the rules serve (their name.as). */
export const servedMetrics = (rules: AdapterRule[]): Set<string> =>
  new Set(rules.flatMap((rule) => (rule.name?.as ? [rule.name.as] : [])));

/**
 * Sized by an HPA: the parts ops scale independently (ads, analytics, the two workers), on CPU in the
 * base and on custom metrics too once the custom-metrics component is in (the staging overlay).
 */
export const AUTOSCALED = ['ads', 'analytics', 'analytics-worker', 'catalog-worker'];

const RESOURCE_METRICS = ['cpu', 'memory'];

/**
 * Every HPA (autoscaling/v2) scales an existing apps/v1 Deployment, which leaves its replica count to
 * it, within 1 <= min <= max, on CPU/memory or on per-pod custom metrics that `served` (the adapter's
 * rules) provides, each with a positive AverageValue target. Each of `autoscaled` has one HPA.
 */
export function checkAutoscaling(
  objects: K8sObject[],
  { served, autoscaled }: { served: Set<string>; autoscaled: string[] },
): string[] {
  const problems: string[] = [];
  const targets = new Map<string, string[]>();
  for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
    const where = `HPA ${nameOf(hpa)}`;
    const ref = hpa.spec?.scaleTargetRef;
    if (hpa.apiVersion !== 'autoscaling/v2') problems.push(`${where}: ${hpa.apiVersion}, not autoscaling/v2`);
    if (ref?.apiVersion !== 'apps/v1' || ref.kind !== 'Deployment')
      problems.push(`${where}: scales ${ref?.apiVersion} ${ref?.kind}, not an apps/v1 Deployment`);
    const deployment = named(objects, 'Deployment', ref?.name ?? '');
    if (!deployment) problems.push(`${where}: scales Deployment ${ref?.name}, which does not exist`);
    else if (deployment.spec?.replicas !== undefined)
      problems.push(`${where}: Deployment ${ref?.name} sets replicas, which every apply would reset`);
    targets.set(ref?.name ?? '', [...(targets.get(ref?.name ?? '') ?? []), nameOf(hpa)]);
    const min = hpa.spec?.minReplicas ?? 1;
    if (min < 1 || min > (hpa.spec?.maxReplicas ?? 0))
      problems.push(`${where}: needs 1 <= minReplicas <= maxReplicas`);
    const metrics = hpa.spec?.metrics ?? [];
    if (metrics.length === 0) problems.push(`${where}: no metrics`);
    for (const metric of metrics) {
      if (metric.type === 'Resource') {
        if (!RESOURCE_METRICS.includes(metric.resource?.name ?? ''))
          problems.push(`${where}: resource metric ${metric.resource?.name} is neither cpu nor memory`);
      } else if (metric.type === 'Pods') {
        const name = metric.pods?.metric.name ?? '';
        if (!served.has(name))
          problems.push(
            `${where}: custom metric ${name} is served by no prometheus-adapter rule (${[...served].join(', ')})`,
          );
        if (metric.pods?.target.type !== 'AverageValue' || !(Number(metric.pods.target.averageValue) > 0))
          problems.push(`${where}: custom metric ${name} needs a positive AverageValue target`);
      } else {
        problems.push(`${where}: ${metric.type} metrics are served by no prometheus-adapter rule here`);
      }
    }
  }
  for (const [target, hpas] of targets) {
    if (hpas.length > 1) problems.push(`Deployment ${target} is scaled by several HPAs: ${hpas.join(', ')}`);
  }
  for (const name of autoscaled) {
    if (!targets.has(name)) problems.push(`Deployment ${name} has no HPA`);
  }
  return problems;
}

/** How many pods a PDB bound lets go when `replicas` run: maxUnavailable, or replicas - minAvailable. */
function evictable(
  bound: number | string,
  replicas: number,
  kind: 'minAvailable' | 'maxUnavailable',
): number {
  // Percentages are rounded up, as the disruption controller does.
  const count =
    typeof bound === 'string' && bound.endsWith('%')
      ? Math.ceil((replicas * Number(bound.slice(0, -1))) / 100)
      : Number(bound);
  return kind === 'maxUnavailable' ? count : replicas - count;
}

/**
 * Every Deployment that runs several pods (replicas >= 2) or is sized by an HPA has one
 * PodDisruptionBudget (policy/v1), which selects its pods and no other Deployment's, and still lets a
 * drain evict one pod at the Deployment's smallest size (HPA minReplicas, or replicas).
 */
export function checkDisruptionBudgets(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const deployments = byKind(objects, 'Deployment');
  const hpaMin = new Map(
    byKind(objects, 'HorizontalPodAutoscaler').map((h) => [
      h.spec?.scaleTargetRef?.name,
      h.spec?.minReplicas ?? 1,
    ]),
  );
  const smallest = (d: K8sObject) => hpaMin.get(nameOf(d)) ?? d.spec?.replicas ?? 1;
  const budgets = new Map<string, string[]>();
  for (const pdb of byKind(objects, 'PodDisruptionBudget')) {
    const where = `PodDisruptionBudget ${nameOf(pdb)}`;
    if (pdb.apiVersion !== 'policy/v1') problems.push(`${where}: ${pdb.apiVersion}, not policy/v1`);
    const selector = pdb.spec?.selector;
    const empty = !Object.keys(selector?.matchLabels ?? {}).length && !selector?.matchExpressions?.length;
    const covered = empty ? [] : deployments.filter((d) => selects(selector, podLabels(d)));
    if (covered.length !== 1)
      problems.push(
        `${where}: selects the pods of ${covered.length} Deployments (${covered.map(nameOf).join(', ')}), not one`,
      );
    const bounds = (['minAvailable', 'maxUnavailable'] as const).filter((k) => pdb.spec?.[k] !== undefined);
    if (bounds.length !== 1) problems.push(`${where}: needs exactly one of minAvailable and maxUnavailable`);
    for (const deployment of covered) {
      budgets.set(nameOf(deployment), [...(budgets.get(nameOf(deployment)) ?? []), nameOf(pdb)]);
      const replicas = smallest(deployment);
      for (const kind of bounds) {
        if (evictable(pdb.spec?.[kind] ?? 0, replicas, kind) < 1)
          problems.push(
            `${where}: ${kind} ${pdb.spec?.[kind]} lets no pod of ${nameOf(deployment)} go at ${replicas} replicas, so a drain would wait forever`,
          );
      }
    }
  }
  for (const deployment of deployments) {
    const found = budgets.get(nameOf(deployment)) ?? [];
    const several = hpaMin.has(nameOf(deployment)) || (deployment.spec?.replicas ?? 1) >= 2;
    if (several && found.length === 0)
      problems.push(`Deployment ${nameOf(deployment)}: several pods and no PodDisruptionBudget`);
    if (found.length > 1)
      problems.push(
        `Deployment ${nameOf(deployment)}: several PodDisruptionBudgets (${found.join(', ')}), which eviction refuses`,
      );
  }
  return problems;
}

// ------------------------------------------------------------------ how the HPAs scale

/** Up at once (a window of a minute at most), down slowly (five quiet minutes at least). */
export function checkScalingPace(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const hpa of byKind(objects, 'HorizontalPodAutoscaler')) {
    const where = `HPA ${nameOf(hpa)}`;
    const up = hpa.spec?.behavior?.scaleUp?.stabilizationWindowSeconds ?? 0;
    const down = hpa.spec?.behavior?.scaleDown?.stabilizationWindowSeconds ?? 0;
    if (up > 60) problems.push(`${where}: scaleUp waits more than a minute (${up} s)`);
    if (down < 300)
      problems.push(`${where}: scaleDown.stabilizationWindowSeconds under 5 minutes (${down} s)`);
  }
  return problems;
}

/** CPU only (the base: a metric the cluster cannot fetch would block every scale-down). */
export function checkCpuOnly(objects: K8sObject[]): string[] {
  return byKind(objects, 'HorizontalPodAutoscaler').flatMap((hpa) => {
    const types = (hpa.spec?.metrics ?? []).map((m) => m.type);
    return types.length === 1 && types[0] === 'Resource'
      ? []
      : [`HPA ${nameOf(hpa)}: metric types ${JSON.stringify(types)}, expected ["Resource"]`];
  });
}

/** Each of `autoscaled` scaled on CPU and on a custom (Pods) metric (with the custom-metrics component). */
export function checkCustomScaled(objects: K8sObject[], autoscaled: string[] = AUTOSCALED): string[] {
  const problems: string[] = [];
  for (const name of autoscaled) {
    const hpa = byKind(objects, 'HorizontalPodAutoscaler').find((h) => h.spec?.scaleTargetRef?.name === name);
    if (!hpa) {
      problems.push(`no HPA for ${name}`);
      continue;
    }
    const types = (hpa.spec?.metrics ?? []).map((m) => m.resource?.name ?? m.type);
    if (!types.includes('cpu')) problems.push(`HPA ${name}: no CPU metric`);
    if (!types.includes('Pods')) problems.push(`HPA ${name}: no custom (Pods) metric`);
  }
  return problems;
}
