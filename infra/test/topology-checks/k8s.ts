// k8s/base's files against infra/topology.ts: each Deployment's container port, PORT,
// prometheus.io/port, image, database, environment names and volumes; each Service's port; the
// gateway's upstreams and its sidecar; the NetworkPolicies' ports (network-policies.ts); the
// platform's addresses in kinora-config and kinora-secrets.
import { GATEWAY_VAR_NAMES } from '../../../gateway/render';
import {
  APPS,
  GATEWAY,
  PLATFORM,
  SERVICE_NAMES,
  SIDECARS,
  databaseOf,
  upstreamAddress,
  upstreamVar,
  type AppProcess,
} from '../../topology';
import { databaseIn, portOf } from '../manifests/addresses';
import type { Located } from '../manifests/files';
import type { Container } from '../manifests/shapes';
import { networkPolicyProblems } from './network-policies';
import { differs, envNameProblems, mediaMountProblems, platformAddressProblems, TOPOLOGY } from './shared';

/** Lookups in the base's files, as its objects are written (metadata and specs may be missing). */
function lookups(objects: readonly Located[]) {
  const find = (kind: string, name: string) =>
    objects.find(({ object }) => object.kind === kind && object.metadata?.name === name);
  const configMap = (name: string) => find('ConfigMap', name)?.object.data ?? {};
  return {
    find,
    /** The names a container takes whole from ConfigMaps and from Secrets' stringData. */
    envFromNames: (container: Container): string[] => [
      ...(container.envFrom ?? []).flatMap((from) =>
        from.configMapRef ? Object.keys(configMap(from.configMapRef.name)) : [],
      ),
      ...(container.envFrom ?? []).flatMap((from) =>
        from.secretRef ? Object.keys({ ...find('Secret', from.secretRef.name)?.object.stringData }) : [],
      ),
    ],
  };
}
type Lookups = ReturnType<typeof lookups>;

const mounts = (container: Container) =>
  (container.volumeMounts ?? []).map((mount) => ({
    target: mount.mountPath,
    readOnly: mount.readOnly === true,
  }));
const containerPortsOf = (container: Container): string =>
  (container.ports ?? []).map((entry) => String(entry.containerPort)).join(',');

export function k8sProblems(
  objects: readonly Located[],
  serviceImageEnv: Record<string, string>,
  gatewayImageEnv: Record<string, string>,
): string[] {
  const base = lookups(objects);
  return [
    ...APPS.flatMap((p) => appProblems(base, p, serviceImageEnv)),
    ...gatewayProblems(base, gatewayImageEnv),
    ...sidecarProblems(base),
    ...networkPolicyProblems(objects),
    ...platformProblems(base),
  ];
}

const noDeployment = (name: string, where: string) =>
  `k8s/base: no Deployment ${name} (${where} in ${TOPOLOGY})`;

/** A service's or worker's Deployment and, for a service, its Service. */
function appProblems(base: Lookups, p: AppProcess, imageEnv: Record<string, string>): string[] {
  const found = base.find('Deployment', p.name);
  if (!found) return [noDeployment(p.name, `${p.kind} of ${p.service}`)];
  const problems: string[] = [];
  const { file, object } = found;
  const port = String(p.port);
  const pod = object.spec?.template;
  const annotation = pod?.metadata?.annotations?.['prometheus.io/port'];
  if (annotation !== port)
    problems.push(differs(file, `Deployment ${p.name} prometheus.io/port`, annotation, port));
  const containers = pod?.spec?.containers ?? [];
  const container = containers.find((c) => c.name === p.name) ?? containers[0];
  if (!container) return [...problems, `${file}: Deployment ${p.name} has no container`];
  const where = `Deployment ${p.name} container ${container.name}`;
  if (containerPortsOf(container) !== port)
    problems.push(differs(file, `${where} containerPort`, containerPortsOf(container) || undefined, port));
  for (const c of [...(pod?.spec?.initContainers ?? []), container]) {
    const value = c.env?.find((variable) => variable.name === 'PORT')?.value;
    if ((c === container || value !== undefined) && value !== port)
      problems.push(differs(file, `Deployment ${p.name} container ${c.name} env PORT`, value, port));
    const key = c.env?.find((variable) => variable.name === 'DATABASE_URL')?.valueFrom?.secretKeyRef?.key;
    const expectedKey = `${p.service.toUpperCase()}_DATABASE_URL`;
    if ((c === container || key !== undefined) && key !== expectedKey) {
      problems.push(
        differs(file, `Deployment ${p.name} container ${c.name} DATABASE_URL's Secret key`, key, expectedKey),
      );
    }
  }
  const image = container.image?.split(':')[0];
  if (image !== `kinora/${p.service}`)
    problems.push(differs(file, `${where} image`, container.image, `kinora/${p.service}`));
  const explicit = (container.env ?? []).map((variable) => variable.name);
  problems.push(
    ...envNameProblems(`${file}: ${where} env`, p, explicit, [
      ...base.envFromNames(container),
      ...Object.keys(imageEnv),
    ]),
  );
  problems.push(...mediaMountProblems(`${file}: ${where}`, p, mounts(container)));

  const service = base.find('Service', p.name);
  if (p.kind === 'service' && !service)
    problems.push(`k8s/base: no Service ${p.name} (${TOPOLOGY}: a service on ${port})`);
  for (const entry of service?.object.spec?.ports ?? []) {
    if (String(entry.port) !== port)
      problems.push(differs(service!.file, `Service ${p.name} port`, entry.port, p.port));
    if (typeof entry.targetPort === 'number' && String(entry.targetPort) !== port) {
      problems.push(differs(service!.file, `Service ${p.name} targetPort`, entry.targetPort, p.port));
    }
  }
  return problems;
}

/** The gateway's Deployment: an upstream per service, its port and variables, media; its Service. */
function gatewayProblems(base: Lookups, imageEnv: Record<string, string>): string[] {
  const gateway = base.find('Deployment', GATEWAY.name);
  if (!gateway) return [noDeployment(GATEWAY.name, 'the gateway')];
  const problems: string[] = [];
  const { file, object } = gateway;
  const port = String(GATEWAY.port);
  const containers = object.spec?.template?.spec?.containers ?? [];
  const container = containers.find((c) => c.name === GATEWAY.name);
  if (!container) problems.push(`${file}: Deployment ${GATEWAY.name} has no container ${GATEWAY.name}`);
  else {
    const where = `Deployment ${GATEWAY.name} container ${GATEWAY.name}`;
    const env = Object.fromEntries((container.env ?? []).map((variable) => [variable.name, variable.value]));
    for (const service of SERVICE_NAMES) {
      const name = upstreamVar(service);
      if (env[name] !== upstreamAddress(service))
        problems.push(differs(file, `${where} env ${name}`, env[name], upstreamAddress(service)));
    }
    if (containerPortsOf(container) !== port)
      problems.push(differs(file, `${where} containerPort`, containerPortsOf(container) || undefined, port));
    if (env.LISTEN_PORT !== undefined && env.LISTEN_PORT !== port) {
      problems.push(differs(file, `${where} env LISTEN_PORT`, env.LISTEN_PORT, port));
    }
    const known = new Set<string>([...GATEWAY_VAR_NAMES, ...GATEWAY.env]);
    for (const name of Object.keys(env).filter((name) => !known.has(name))) {
      problems.push(
        `${file}: ${where} env sets ${name}, which neither ${TOPOLOGY} nor gateway/render.ts knows`,
      );
    }
    problems.push(
      ...envNameProblems(
        `${file}: ${where} env`,
        GATEWAY,
        Object.keys(env),
        [...base.envFromNames(container), ...Object.keys(imageEnv)],
        false,
      ),
    );
    problems.push(...mediaMountProblems(`${file}: ${where}`, GATEWAY, mounts(container)));
  }
  const service = base.find('Service', GATEWAY.name);
  for (const entry of service?.object.spec?.ports ?? []) {
    if (typeof entry.targetPort === 'number' && entry.targetPort !== GATEWAY.port) {
      problems.push(
        differs(service!.file, `Service ${GATEWAY.name} targetPort`, entry.targetPort, GATEWAY.port),
      );
    }
  }
  return problems;
}

/** Each sidecar: a container of the Deployment it runs beside, given what it needs. */
function sidecarProblems(base: Lookups): string[] {
  return SIDECARS.flatMap((sidecar) => {
    const host = base.find('Deployment', sidecar.beside);
    const container = host?.object.spec?.template?.spec?.containers?.find((c) => c.name === sidecar.name);
    if (!host || !container)
      return [
        `k8s/base: no container ${sidecar.name} in Deployment ${sidecar.beside} (${TOPOLOGY}: beside it)`,
      ];
    return envNameProblems(
      `${host.file}: Deployment ${sidecar.beside} container ${sidecar.name} env`,
      sidecar,
      (container.env ?? []).map((variable) => variable.name),
      base.envFromNames(container),
    );
  });
}

/** The platform's addresses: kinora-config and kinora-secrets, the services' databases. */
function platformProblems(base: Lookups): string[] {
  const problems: string[] = [];
  const config = base.find('ConfigMap', 'kinora-config');
  if (config)
    problems.push(...platformAddressProblems(`${config.file}: kinora-config`, config.object.data ?? {}));
  const secret = base.find('Secret', 'kinora-secrets');
  if (!secret) return problems;
  const secretData = { ...secret.object.data, ...secret.object.stringData };
  problems.push(...platformAddressProblems(`${secret.file}: kinora-secrets`, secretData));
  for (const service of SERVICE_NAMES) {
    const key = `${service.toUpperCase()}_DATABASE_URL`;
    const url = secretData[key];
    const database = url === undefined ? undefined : databaseIn(url);
    if (database !== databaseOf(service))
      problems.push(differs(secret.file, `kinora-secrets ${key} database`, database, databaseOf(service)));
    if (url !== undefined && portOf(url) !== String(PLATFORM.postgres)) {
      problems.push(
        differs(secret.file, `kinora-secrets ${key}'s port`, portOf(url), String(PLATFORM.postgres)),
      );
    }
  }
  return problems;
}
