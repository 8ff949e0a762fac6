// Looking things up in parsed Kubernetes objects: by kind and name, pods and containers, label
// selectors, and where a container's variables come from. Asserts only that what it is asked to
// resolve exists.
import assert from 'node:assert/strict';
import type { Container, K8sObject, LabelSelector, PodSpec } from './shapes';

export const byKind = (objects: K8sObject[], kind: string): K8sObject[] =>
  objects.filter((o) => o.kind === kind);
export const named = (objects: K8sObject[], kind: string, name: string): K8sObject | undefined =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
export const nameOf = (o: K8sObject): string => o.metadata.name ?? '';
export const podOf = (o: K8sObject): PodSpec => {
  assert.ok(o.spec?.template?.spec, `${o.kind}/${nameOf(o)} has no pod template`);
  return o.spec.template.spec;
};
export const componentOf = (o: K8sObject): string | undefined =>
  o.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'];
/** The labels of the pods an object's template makes ({} without a template). */
export const podLabels = (o: K8sObject): Record<string, string> => o.spec?.template?.metadata?.labels ?? {};
/** The objects that make pods: Deployments, Jobs (anything with a pod template). */
export const workloads = (objects: K8sObject[]): K8sObject[] => objects.filter((o) => o.spec?.template);
/** Every container of a pod, initContainers first. */
export const allContainers = (pod: PodSpec): Container[] => [
  ...(pod.initContainers ?? []),
  ...pod.containers,
];

/** Whether a label selector selects these labels (an empty or absent selector selects everything). */
export function selects(
  selector: LabelSelector | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  const has = (key: string) => labels !== undefined && key in labels;
  return (
    Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels?.[key] === value) &&
    (selector?.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      if (operator === 'In') return has(key) && values.includes(labels?.[key] ?? '');
      if (operator === 'NotIn') return !has(key) || !values.includes(labels?.[key] ?? '');
      if (operator === 'Exists') return has(key);
      return !has(key);
    })
  );
}

/**
 * Whether a plain label map picks these labels. Unlike `selects`, an empty map picks nothing: what a
 * Service's selector or a monitor's matchLabels mean when they are left empty by mistake.
 */
export function matchesLabels(
  matchLabels: Record<string, string> | undefined,
  labels: Record<string, string> | undefined,
): boolean {
  const wanted = Object.entries(matchLabels ?? {});
  return wanted.length > 0 && wanted.every(([key, value]) => labels?.[key] === value);
}

/** The label NetworkPolicies and Services pick a process's pods by: its name. */
export const NAME_LABEL = 'app.kubernetes.io/name';
/** The pods a selector picks by name: the names in matchLabels or an `In` expression on the name label. */
export function selectedNames(selector: LabelSelector | undefined): string[] {
  const byLabel = selector?.matchLabels?.[NAME_LABEL];
  const byExpression = (selector?.matchExpressions ?? [])
    .filter((expression) => expression.key === NAME_LABEL && expression.operator === 'In')
    .flatMap((expression) => expression.values ?? []);
  return [...(byLabel ? [byLabel] : []), ...byExpression];
}

/** Deployments by role: the six services (component api), the workers, the gateway. */
export function deploymentsByRole(objects: K8sObject[]) {
  const deployments = byKind(objects, 'Deployment');
  for (const deployment of deployments) {
    assert.ok(
      ['api', 'worker', 'gateway'].includes(componentOf(deployment) ?? ''),
      `Deployment ${nameOf(deployment)}: app.kubernetes.io/component must be api, worker or gateway`,
    );
  }
  return {
    services: deployments.filter((d) => componentOf(d) === 'api'),
    workers: deployments.filter((d) => componentOf(d) === 'worker'),
    gateway: deployments.filter((d) => componentOf(d) === 'gateway'),
  };
}

/** Container env names after envFrom (ConfigMap keys) and env. */
export function containerEnvNames(container: Container, objects: K8sObject[]): Set<string> {
  const result = new Set<string>();
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) {
      const map = named(objects, 'ConfigMap', source.configMapRef.name);
      assert.ok(map, `${container.name}: envFrom ConfigMap ${source.configMapRef.name} is not rendered`);
      for (const key of Object.keys(map.data ?? {})) result.add(key);
    }
    if (source.secretRef) {
      const secret = named(objects, 'Secret', source.secretRef.name);
      assert.ok(secret, `${container.name}: envFrom Secret ${source.secretRef.name} is not rendered`);
      for (const key of Object.keys({ ...secret.data, ...secret.stringData })) result.add(key);
    }
  }
  for (const variable of container.env ?? []) result.add(variable.name);
  return result;
}

export function envValue(container: Container, name: string): string | undefined {
  return container.env?.find((variable) => variable.name === name)?.value;
}

/** Where a container's variable comes from: a literal, a ConfigMap key (also through envFrom) or a Secret key. */
export type EnvSource =
  { value: string } | { configMap: string; key: string } | { secret: string; key: string };
export function envSource(container: Container, name: string, objects: K8sObject[]): EnvSource | undefined {
  const variable = container.env?.find((v) => v.name === name);
  if (variable?.value !== undefined) return { value: variable.value };
  const fromSecret = variable?.valueFrom?.secretKeyRef;
  if (fromSecret) return { secret: fromSecret.name, key: fromSecret.key };
  const fromMap = variable?.valueFrom?.configMapKeyRef;
  if (fromMap) return { configMap: fromMap.name, key: fromMap.key };
  if (variable) return undefined;
  // envFrom: the last source defining the key wins.
  for (const source of [...(container.envFrom ?? [])].reverse()) {
    if (source.configMapRef && name in (named(objects, 'ConfigMap', source.configMapRef.name)?.data ?? {}))
      return { configMap: source.configMapRef.name, key: name };
    if (source.secretRef) {
      const secret = named(objects, 'Secret', source.secretRef.name);
      if (name in { ...secret?.data, ...secret?.stringData })
        return { secret: source.secretRef.name, key: name };
    }
  }
  return undefined;
}
/** The value a variable resolves to (literal or ConfigMap), or undefined (unset, or a Secret). */
export function resolvedEnv(container: Container, name: string, objects: K8sObject[]): string | undefined {
  const source = envSource(container, name, objects);
  if (!source) return undefined;
  if ('value' in source) return source.value;
  if ('configMap' in source) return named(objects, 'ConfigMap', source.configMap)?.data?.[source.key];
  return undefined;
}
