// Checks of the rendered workloads (Deployments, Jobs): selectors, probes, resources, security
// context, and the images they run. Pure functions of parsed objects, each returning the problems it
// finds (empty when all is well), so tests can feed them mutated copies.
import { parse } from 'yaml';
import { read } from '../manifests/files';
import { allContainers, nameOf, podLabels, selects, workloads } from '../manifests/k8s';
import type { ComposeFile, Container, K8sObject, PodSpec } from '../manifests/shapes';

/**
 * Containers allowed a writable root filesystem, as "<workload>/<container>", each with the reason.
 * None today: the Node processes write only to an emptyDir at /tmp, nginx only to emptyDirs at
 * /etc/nginx (the config its entrypoint renders) and NGINX_PREFIX. An entry here must say why the
 * process cannot run read-only; an entry no container needs is reported as stale.
 */
export const WRITABLE_ROOT: Readonly<Record<string, string>> = {};

const RESOURCES = ['cpu', 'memory'];

function containerProblems(
  where: string,
  pod: PodSpec,
  container: Container,
  writableRoot: Record<string, string>,
) {
  const problems: string[] = [];
  for (const kind of ['requests', 'limits'] as const) {
    for (const resource of RESOURCES) {
      if (container.resources?.[kind]?.[resource] === undefined)
        problems.push(`${where}: no ${kind}.${resource}`);
    }
  }
  const context = container.securityContext ?? {};
  if ((context.runAsNonRoot ?? pod.securityContext?.runAsNonRoot) !== true)
    problems.push(`${where}: not runAsNonRoot (pod or container)`);
  if ((context.runAsUser ?? pod.securityContext?.runAsUser) === 0) problems.push(`${where}: runAsUser 0`);
  if (context.allowPrivilegeEscalation !== false)
    problems.push(`${where}: allowPrivilegeEscalation is not false`);
  if (context.privileged === true) problems.push(`${where}: privileged`);
  if (!context.capabilities?.drop?.includes('ALL')) problems.push(`${where}: capabilities do not drop ALL`);
  if (context.capabilities?.add?.length)
    problems.push(`${where}: adds capabilities ${context.capabilities.add.join(', ')}`);
  if (context.readOnlyRootFilesystem !== true && !(where in writableRoot))
    problems.push(
      `${where}: root filesystem is writable (readOnlyRootFilesystem, or an entry in WRITABLE_ROOT saying why not)`,
    );
  const volumes = new Set((pod.volumes ?? []).map((volume) => volume.name));
  for (const mount of container.volumeMounts ?? []) {
    if (!volumes.has(mount.name))
      problems.push(`${where}: mounts ${mount.name}, which the pod does not declare`);
  }
  return problems;
}

/**
 * Every Deployment has a selector matching its pods, and every container of it readiness and liveness
 * probes; every container of every workload (initContainers included) has requests and limits and
 * runs non-root, without privilege escalation or capabilities, on a read-only root filesystem (unless
 * `writableRoot` says why not); every pod has seccomp RuntimeDefault.
 */
export function checkWorkloads(
  objects: K8sObject[],
  writableRoot: Record<string, string> = WRITABLE_ROOT,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const workload of workloads(objects)) {
    const name = `${workload.kind} ${nameOf(workload)}`;
    const pod = workload.spec?.template?.spec;
    if (!pod) continue;
    if (workload.kind === 'Deployment') {
      const selector = workload.spec?.selector;
      if (
        !selector ||
        (!Object.keys(selector.matchLabels ?? {}).length && !selector.matchExpressions?.length)
      )
        problems.push(`${name}: no spec.selector`);
      else if (!selects(selector, podLabels(workload)))
        problems.push(`${name}: spec.selector does not select its pods`);
      for (const container of pod.containers) {
        if (!container.readinessProbe) problems.push(`${name}/${container.name}: no readinessProbe`);
        if (!container.livenessProbe) problems.push(`${name}/${container.name}: no livenessProbe`);
      }
    }
    if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault')
      problems.push(`${name}: pod securityContext.seccompProfile is not RuntimeDefault`);
    for (const container of allContainers(pod)) {
      const where = `${nameOf(workload)}/${container.name}`;
      seen.add(where);
      problems.push(
        ...containerProblems(where, pod, container, writableRoot).map((p) => `${workload.kind} ${p}`),
      );
    }
  }
  for (const where of Object.keys(writableRoot)) {
    if (!seen.has(where)) problems.push(`WRITABLE_ROOT: ${where} is no container (stale entry)`);
  }
  return problems;
}

// ------------------------------------------------------------------ images

/** An image reference without its tag or digest: registry.example.com/kinora/auth:0.1.0 → registry.example.com/kinora/auth. */
export function repositoryOf(image: string): string {
  const withoutDigest = image.split('@')[0];
  const lastSlash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.indexOf(':', lastSlash + 1);
  return colon === -1 ? withoutDigest : withoutDigest.slice(0, colon);
}

/** The repositories of the images compose builds (services with a build: section). */
export function composeBuiltRepositories(compose: ComposeFile): string[] {
  return [
    ...new Set(
      Object.values(compose.services)
        .filter((service) => service.build && service.image)
        .map((service) => repositoryOf(service.image ?? '')),
    ),
  ].sort();
}

/** The images: entries of the kustomization in `dir`, as imageRenames reads them. */
export const overlayRenames = (dir: string): Record<string, string> =>
  imageRenames(
    (parse(read(`${dir}/kustomization.yaml`)) as { images?: { name: string; newName?: string }[] }).images,
  );

/** A kustomization's images: entries, as rendered repository → the name the base uses. */
export function imageRenames(
  images: { name: string; newName?: string }[] | undefined,
): Record<string, string> {
  return Object.fromEntries((images ?? []).map((image) => [image.newName ?? image.name, image.name]));
}

/**
 * Images compose builds that no cluster workload runs, each with the reason. An entry compose no
 * longer builds is reported as stale.
 */
export const NOT_DEPLOYED: Readonly<Record<string, string>> = {
  'kinora/seed':
    "the demo content loader of compose's opt-in `seed` profile, run by hand on a local stack; a cluster's content comes through the product",
};

/**
 * The images the workloads run are exactly the ones compose builds: each rendered repository, mapped
 * back through `renames` (an overlay's images: entries; base renders the names as they are), is one of
 * `built`, and every one of `built` runs somewhere unless `notDeployed` says why not. With `pinned`,
 * every image also has a tag.
 */
export function checkImages(
  objects: K8sObject[],
  built: string[],
  {
    renames = {},
    pinned = false,
    notDeployed = NOT_DEPLOYED,
  }: { renames?: Record<string, string>; pinned?: boolean; notDeployed?: Record<string, string> } = {},
): string[] {
  const problems: string[] = [];
  const used = new Set<string>();
  for (const workload of workloads(objects)) {
    for (const container of allContainers(workload.spec?.template?.spec ?? { containers: [] })) {
      const where = `${workload.kind} ${nameOf(workload)}/${container.name}`;
      const image = container.image ?? '';
      const repository = repositoryOf(image);
      const name = renames[repository] ?? repository;
      if (Object.keys(renames).length && !(repository in renames))
        problems.push(`${where}: image ${image} is not mapped by the overlay's images:`);
      if (!built.includes(name))
        problems.push(`${where}: image ${image} is not one compose builds (${built.join(', ')})`);
      if (pinned && !image.includes('@') && repositoryOf(image) === image)
        problems.push(`${where}: image ${image} has no tag`);
      used.add(name);
    }
  }
  for (const name of built) {
    if (!used.has(name) && !(name in notDeployed))
      problems.push(`compose builds ${name}, which no workload runs`);
    if (used.has(name) && name in notDeployed)
      problems.push(`NOT_DEPLOYED lists ${name}, which a workload runs`);
  }
  for (const name of Object.keys(notDeployed)) {
    if (!built.includes(name)) problems.push(`NOT_DEPLOYED: compose builds no ${name} (stale entry)`);
  }
  for (const [rendered, name] of Object.entries(renames)) {
    if (!used.has(name)) problems.push(`images: maps ${name} to ${rendered}, which no workload runs`);
  }
  return problems;
}
