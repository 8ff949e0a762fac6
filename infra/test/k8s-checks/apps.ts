// Checks of the services' and workers' Deployments: each pod non-root, one container with /health
// readiness, /health/live liveness and /metrics scraped on its PORT, given the variables
// infra/topology.ts says it needs; each service migrating first; the studio and media volumes shared
// by exactly the processes the topology gives them to. Pure functions of parsed objects, each
// returning the problems it finds.
import {
  byKind,
  containerEnvNames,
  deploymentsByRole,
  envValue,
  named,
  nameOf,
  podOf,
} from '../manifests/k8s';
import { deployedEnvOf, MEDIA_READERS, MEDIA_WRITERS, STUDIO_USERS } from '../manifests/processes';
import type { K8sObject } from '../manifests/shapes';
import { Problems } from '../problems';

export function checkAppPods(objects: K8sObject[]): string[] {
  const problems = new Problems();
  const { services, workers } = deploymentsByRole(objects);
  for (const deployment of [...services, ...workers]) {
    const pod = podOf(deployment);
    const where = nameOf(deployment);
    problems.equal(pod.securityContext?.runAsNonRoot, true, `${where}: pod securityContext.runAsNonRoot`);
    if (!problems.equal(pod.containers.length, 1, `${where}: containers (one expected)`)) continue;
    const [container] = pod.containers;
    problems.equal(container.readinessProbe?.httpGet?.path, '/health', `${where}: readiness path`);
    problems.equal(container.livenessProbe?.httpGet?.path, '/health/live', `${where}: liveness path`);
    const annotations = deployment.spec?.template?.metadata?.annotations ?? {};
    problems.equal(annotations['prometheus.io/scrape'], 'true', `${where}: prometheus.io/scrape`);
    problems.equal(annotations['prometheus.io/path'], '/metrics', `${where}: prometheus.io/path`);
    problems.equal(
      annotations['prometheus.io/port'],
      envValue(container, 'PORT'),
      `${where}: prometheus.io/port`,
    );
    problems.equal(
      container.ports?.map((p) => p.containerPort),
      [Number(envValue(container, 'PORT'))],
      `${where}: the container port is PORT`,
    );
    const env = containerEnvNames(container, objects);
    for (const name of deployedEnvOf(nameOf(deployment))) {
      problems.ok(env.has(name), `${where}: env ${name} is not set`);
    }
    const database = container.env?.find((variable) => variable.name === 'DATABASE_URL');
    problems.ok(database?.valueFrom?.secretKeyRef, `${where}: DATABASE_URL comes from a Secret`);
  }
  for (const deployment of services) {
    const pod = podOf(deployment);
    const migrate = pod.initContainers?.find((c) => c.name === 'migrate');
    if (!migrate) {
      problems.add(`${nameOf(deployment)}: no migrate initContainer`);
      continue;
    }
    problems.equal(migrate.command, ['node', 'dist/src/migrate.js'], `${nameOf(deployment)}: migrate`);
    problems.equal(migrate.image, pod.containers[0].image, `${nameOf(deployment)}: migrate image`);
  }
  return problems.list;
}

/** A ReadWriteMany claim of this name. */
function sharedClaim(problems: Problems, objects: K8sObject[], name: string): boolean {
  const claim = named(objects, 'PersistentVolumeClaim', name);
  if (!problems.ok(claim, `no ${name} PVC`)) return false;
  problems.equal(
    (claim?.spec as { accessModes?: string[] }).accessModes,
    ['ReadWriteMany'],
    `PVC ${name}: accessModes`,
  );
  return true;
}

/** The studio (sources, uploads): mounted read-write at /studio by its users (catalog, catalog-worker) only. */
export function checkStudioVolume(objects: K8sObject[]): string[] {
  const problems = new Problems();
  if (!sharedClaim(problems, objects, 'kinora-studio')) return problems.list;
  for (const deployment of byKind(objects, 'Deployment')) {
    const pod = podOf(deployment);
    const volume = pod.volumes?.find((v) => v.persistentVolumeClaim?.claimName === 'kinora-studio');
    const user = STUDIO_USERS.includes(nameOf(deployment));
    problems.equal(Boolean(volume), user, `${nameOf(deployment)}: mounts the studio volume`);
    if (!volume) continue;
    const mount = pod.containers[0].volumeMounts?.find((m) => m.name === volume.name);
    problems.equal(mount?.mountPath, '/studio', `${nameOf(deployment)}: studio mount path`);
    problems.notEqual(mount?.readOnly, true, `${nameOf(deployment)}: the studio is mounted read-only`);
  }
  return problems.list;
}

/** The media: mounted at /media read-write by its writers, read-only by its readers, by nobody else. */
export function checkMediaVolume(objects: K8sObject[]): string[] {
  const problems = new Problems();
  if (!sharedClaim(problems, objects, 'kinora-media')) return problems.list;
  const mediaMount = (name: string) => {
    const deployment = named(objects, 'Deployment', name);
    if (!deployment) return void problems.add(`no Deployment ${name}`);
    const pod = podOf(deployment);
    const volume = pod.volumes?.find((v) => v.persistentVolumeClaim?.claimName === 'kinora-media');
    if (!volume) return void problems.add(`${name}: does not mount kinora-media`);
    const mount = pod.containers[0].volumeMounts?.find((m) => m.name === volume.name);
    problems.equal(mount?.mountPath, '/media', `${name}: media mount path`);
    return mount;
  };
  for (const writer of MEDIA_WRITERS) {
    const mount = mediaMount(writer);
    if (mount) problems.notEqual(mount.readOnly, true, `${writer}: media must be writable`);
  }
  for (const reader of MEDIA_READERS) {
    const mount = mediaMount(reader);
    if (mount) problems.equal(mount.readOnly, true, `${reader}: media must be read-only`);
  }
  for (const deployment of byKind(objects, 'Deployment')) {
    const mounts = podOf(deployment).volumes?.some(
      (v) => v.persistentVolumeClaim?.claimName === 'kinora-media',
    );
    if (mounts)
      problems.ok(
        [...MEDIA_WRITERS, ...MEDIA_READERS].includes(nameOf(deployment)),
        `${nameOf(deployment)} mounts media, which infra/topology.ts gives it no access to`,
      );
  }
  return problems.list;
}
