// Checks of the rendered objects as a whole: each is a complete, schema-valid Kubernetes object
// (kubernetes-models) labelled part of Kinora, in the overlay's namespace, and every name it refers
// to (Service selector and port, ConfigMap, Secret key, volume claim) resolves. Pure functions of
// parsed objects, each returning the problems it finds.
import { createRequire } from 'node:module';
import { byKind, containerEnvNames, named, nameOf, podOf, selects, workloads } from '../manifests/k8s';
import type { K8sObject } from '../manifests/shapes';
import { Problems } from '../problems';

const requireFromHere = createRequire(__filename);

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

/** kubernetes-models class for an apiVersion/kind, e.g. apps/v1 Deployment → kubernetes-models/apps/v1/Deployment. */
export function modelFor(apiVersion: string, kind: string): ModelClass {
  const modulePath = `kubernetes-models/${apiVersion}/${kind}`;
  let loaded: Record<string, unknown>;
  try {
    loaded = requireFromHere(modulePath) as Record<string, unknown>;
  } catch {
    throw new Error(`no Kubernetes schema for ${apiVersion} ${kind} (${modulePath}): unknown kind`);
  }
  const model = loaded[kind];
  if (typeof model !== 'function') throw new Error(`${modulePath} exports no ${kind} class`);
  return model as ModelClass;
}

/** The Prometheus Operator's API (k8s/components/monitoring). */
export const OPERATOR_API = 'monitoring.coreos.com/v1';
/**
 * Its kinds, which kubernetes-models has no schema for: k8s-checks/scraping.ts checks their shape
 * and what they select.
 */
const OPERATOR_KINDS = [`${OPERATOR_API} ServiceMonitor`, `${OPERATOR_API} PodMonitor`];

/** Something rendered, and each object with an apiVersion, a kind and a name. */
export function checkRendered(objects: K8sObject[]): string[] {
  const problems = new Problems();
  problems.ok(objects.length > 0, 'rendered nothing');
  for (const obj of objects)
    problems.ok(obj.apiVersion && obj.kind && obj.metadata?.name, 'object without apiVersion/kind/name');
  return problems.list;
}

/** Every object valid against its Kubernetes schema; a kind without one fails (the Operator's aside). */
export function checkSchemas(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  for (const obj of objects) {
    if (OPERATOR_KINDS.includes(`${obj.apiVersion} ${obj.kind}`)) continue;
    try {
      new (modelFor(obj.apiVersion, obj.kind))(obj).validate();
    } catch (error) {
      problems.push(`${obj.kind}/${nameOf(obj)}: ${(error as Error).message}`);
    }
  }
  return problems;
}

/** Every object, and the pods it makes, labelled app.kubernetes.io/part-of: kinora. */
export function checkPartOf(objects: K8sObject[]): string[] {
  const problems = new Problems();
  for (const obj of objects) {
    const where = `${obj.kind}/${nameOf(obj)}`;
    problems.equal(
      obj.metadata.labels?.['app.kubernetes.io/part-of'],
      'kinora',
      `${where}: app.kubernetes.io/part-of`,
    );
    const template = obj.spec?.template?.metadata?.labels;
    if (template)
      problems.equal(
        template['app.kubernetes.io/part-of'],
        'kinora',
        `${where} pods: app.kubernetes.io/part-of`,
      );
  }
  return problems.list;
}

/** Every object in `namespace`, which is the one Namespace rendered. */
export function checkNamespace(objects: K8sObject[], namespace: string): string[] {
  const problems = new Problems();
  for (const obj of objects) {
    if (obj.kind === 'Namespace') problems.equal(nameOf(obj), namespace, 'Namespace');
    else problems.equal(obj.metadata.namespace, namespace, `${obj.kind}/${nameOf(obj)}: namespace`);
  }
  return problems.list;
}

/** Every Service selects one Deployment and targets its container ports; every ConfigMap, Secret key and claim exists. */
export function checkReferences(objects: K8sObject[]): string[] {
  const problems = new Problems();
  for (const workload of workloads(objects)) {
    const pod = podOf(workload);
    for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
      try {
        containerEnvNames(container, objects);
      } catch (error) {
        problems.add(`${nameOf(workload)}: ${(error as Error).message}`);
      }
      for (const variable of container.env ?? []) {
        const ref = variable.valueFrom?.secretKeyRef;
        if (!ref) continue;
        const secret = named(objects, 'Secret', ref.name);
        if (!secret) {
          problems.add(`${nameOf(workload)}: Secret ${ref.name} is not rendered`);
          continue;
        }
        problems.ok(
          ref.key in { ...secret.data, ...secret.stringData },
          `${nameOf(workload)}: Secret ${ref.name} has no key ${ref.key}`,
        );
      }
    }
    for (const volume of pod.volumes ?? []) {
      if (!volume.persistentVolumeClaim) continue;
      const claim = volume.persistentVolumeClaim.claimName;
      problems.ok(named(objects, 'PersistentVolumeClaim', claim), `${nameOf(workload)}: no PVC ${claim}`);
    }
  }
  for (const service of byKind(objects, 'Service')) {
    const targets = byKind(objects, 'Deployment').filter((d) =>
      selects({ matchLabels: service.spec?.selector }, d.spec?.template?.metadata?.labels),
    );
    if (!problems.equal(targets.length, 1, `Service ${nameOf(service)}: the Deployments it selects`))
      continue;
    const containerPorts = podOf(targets[0]).containers.flatMap((c) => c.ports ?? []);
    for (const port of service.spec?.ports ?? []) {
      const target = port.targetPort ?? port.port;
      problems.ok(
        containerPorts.some((p) => p.name === target || p.containerPort === target),
        `Service ${nameOf(service)}: targetPort ${target} is not a container port`,
      );
    }
  }
  return problems.list;
}
