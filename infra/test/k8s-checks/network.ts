// The NetworkPolicies against the topology. Both sides are written as connection lines
// ("<workload> egress to pods of auth TCP/3001"):
//   - allowed: what the rendered NetworkPolicies let through, pod by pod;
//   - needed: derived from the other objects, never listed by hand: the Ingress's backends accept
//     anyone; an address a container is given (its env, ConfigMap and Secret included) is reached,
//     in the namespace when it names a Service, else in the namespace its DNS name says, else
//     anywhere on its port; Prometheus scrapes every pod annotated prometheus.io/scrape; every pod asks
//     the cluster DNS.
// checkNetworkPolicies is a pure function of parsed objects returning the problems it finds.
import {
  allContainers,
  byKind,
  containerEnvNames,
  envSource,
  named,
  nameOf,
  podLabels,
  selects,
  workloads,
} from '../manifests/k8s';
import type {
  Container,
  K8sObject,
  LabelSelector,
  NetworkPolicyPeer,
  NetworkPolicyPort,
} from '../manifests/shapes';

/** The platform's Prometheus (see k8s/README.md, "Expected from the platform"). */
export const PROMETHEUS: NetworkPolicyPeer = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
  podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
};
/** The cluster DNS (CoreDNS, labelled k8s-app=kube-dns), which every pod asks, on UDP and TCP 53. */
export const CLUSTER_DNS: NetworkPolicyPeer = {
  namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
  podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
};
/** Configuration variables whose value is an address the process connects to (URL or host:port list). */
export const isAddressVariable = (name: string): boolean =>
  ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS', 'SMTP_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT'].includes(name) ||
  /_UPSTREAM$/.test(name);
/** The port a URL without one connects to, by scheme (nodemailer's for smtp). */
const DEFAULT_PORTS: Record<string, number> = {
  http: 80,
  https: 443,
  postgres: 5432,
  postgresql: 5432,
  redis: 6379,
  rediss: 6379,
  smtp: 587,
  smtps: 465,
};

/** The hosts and ports in an address value: a URL, or host:port[,host:port]. */
export function addressesOf(value: string): { host: string; port: number }[] {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    const url = new URL(value);
    const port = Number(url.port || DEFAULT_PORTS[url.protocol.slice(0, -1)]);
    return [{ host: url.hostname, port }];
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [host, port] = part.split(':');
      return { host, port: Number(port) };
    });
}

/** A variable's value: literal, from a ConfigMap, or from a Secret (stringData or base64 data). */
function valueOf(container: Container, name: string, objects: K8sObject[]): string | undefined {
  const source = envSource(container, name, objects);
  if (!source) return undefined;
  if ('value' in source) return source.value;
  if ('configMap' in source) return named(objects, 'ConfigMap', source.configMap)?.data?.[source.key];
  const secret = named(objects, 'Secret', source.secret);
  const data = secret?.data?.[source.key];
  return (
    secret?.stringData?.[source.key] ??
    (data === undefined ? undefined : Buffer.from(data, 'base64').toString())
  );
}

const selectorText = (selector: LabelSelector | undefined): string =>
  `{${[
    ...Object.entries(selector?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`),
    ...(selector?.matchExpressions ?? []).map(
      (e) => `${e.key} ${e.operator} (${(e.values ?? []).join(',')})`,
    ),
  ]
    .sort()
    .join(',')}}`;

/** The pods a peer stands for: each workload of the namespace it selects, or its selectors as text. */
function peerTexts(
  peer: NetworkPolicyPeer | undefined,
  objects: K8sObject[],
): { text: string; workload?: K8sObject }[] {
  if (!peer) return [{ text: 'anywhere' }];
  if (peer.ipBlock)
    return [
      { text: `ipBlock ${peer.ipBlock.cidr}${peer.ipBlock.except ? ` except ${peer.ipBlock.except}` : ''}` },
    ];
  if (peer.namespaceSelector) {
    const pods = peer.podSelector ? ` pods ${selectorText(peer.podSelector)}` : '';
    return [{ text: `namespace ${selectorText(peer.namespaceSelector)}${pods}` }];
  }
  const selected = workloads(objects).filter((w) => selects(peer.podSelector, podLabels(w)));
  if (!selected.length) return [{ text: `pods ${selectorText(peer.podSelector)} (none here)` }];
  return selected.map((workload) => ({ text: `pods of ${nameOf(workload)}`, workload }));
}

/** A container port by name or number, as the number. */
function containerPort(
  workload: K8sObject | undefined,
  port: number | string | undefined,
): number | string | undefined {
  if (typeof port !== 'string' || !workload) return port;
  const ports = (workload.spec?.template?.spec.containers ?? []).flatMap((c) => c.ports ?? []);
  return ports.find((p) => p.name === port)?.containerPort ?? port;
}

function portTexts(ports: NetworkPolicyPort[] | undefined, owner: K8sObject | undefined): string[] {
  if (!ports?.length) return ['any port'];
  return ports.map((p) => {
    const number = containerPort(owner, p.port);
    return `${p.protocol ?? 'TCP'}/${number ?? 'any'}${p.endPort ? `-${p.endPort}` : ''}`;
  });
}

const appliesTo = (policy: K8sObject, type: 'Ingress' | 'Egress'): boolean =>
  (policy.spec?.policyTypes ?? ['Ingress', ...(policy.spec?.egress ? ['Egress'] : [])]).includes(type);

/** Every connection the NetworkPolicies allow, each with the policies allowing it; and the pods they isolate. */
export function allowedConnections(objects: K8sObject[]) {
  const allowed = new Map<string, string[]>();
  const isolated = new Set<string>();
  for (const policy of byKind(objects, 'NetworkPolicy')) {
    for (const workload of workloads(objects).filter((w) =>
      selects(policy.spec?.podSelector, podLabels(w)),
    )) {
      for (const [type, rules] of [
        ['Ingress', policy.spec?.ingress],
        ['Egress', policy.spec?.egress],
      ] as const) {
        if (!appliesTo(policy, type)) continue;
        isolated.add(`${nameOf(workload)} ${type.toLowerCase()}`);
        for (const rule of rules ?? []) {
          const peers = (type === 'Ingress' ? rule.from : rule.to) ?? [];
          for (const peer of peers.length ? peers : [undefined]) {
            for (const other of peerTexts(peer, objects)) {
              // A named port is the port of the pod receiving the connection.
              for (const port of portTexts(rule.ports, type === 'Ingress' ? workload : other.workload)) {
                const line = `${nameOf(workload)} ${type === 'Ingress' ? 'ingress from' : 'egress to'} ${other.text} ${port}`;
                allowed.set(line, [...(allowed.get(line) ?? []), nameOf(policy)]);
              }
            }
          }
        }
      }
    }
  }
  return { allowed, isolated };
}

/** The workloads a Service sends to, and the container port a Service port reaches. */
function serviceTargets(service: K8sObject, objects: K8sObject[], port: number | string | undefined) {
  const servicePort =
    service.spec?.ports?.find((p) => p.port === port || p.name === port) ?? service.spec?.ports?.[0];
  const selector = { matchLabels: service.spec?.selector as Record<string, string> | undefined };
  return workloads(objects)
    .filter((w) => Object.keys(selector.matchLabels ?? {}).length && selects(selector, podLabels(w)))
    .map((w) => ({ workload: w, port: containerPort(w, servicePort?.targetPort ?? servicePort?.port) }));
}

/** Every connection the topology needs. */
export function neededConnections(objects: K8sObject[]): Set<string> {
  const needed = new Set<string>();
  const [{ text: dns }] = peerTexts(CLUSTER_DNS, objects);
  const [{ text: prometheus }] = peerTexts(PROMETHEUS, objects);
  for (const ingress of byKind(objects, 'Ingress')) {
    const backends = [
      ingress.spec?.defaultBackend,
      ...(ingress.spec?.rules ?? []).flatMap((r) => r.http?.paths.map((p) => p.backend) ?? []),
    ];
    for (const backend of backends) {
      const service = backend?.service && named(objects, 'Service', backend.service.name);
      if (!service) continue;
      for (const target of serviceTargets(
        service,
        objects,
        backend?.service?.port?.number ?? backend?.service?.port?.name,
      ))
        needed.add(`${nameOf(target.workload)} ingress from anywhere TCP/${target.port}`);
    }
  }
  for (const workload of workloads(objects)) {
    const name = nameOf(workload);
    needed.add(`${name} egress to ${dns} UDP/53`);
    needed.add(`${name} egress to ${dns} TCP/53`);
    const annotations = workload.spec?.template?.metadata?.annotations ?? {};
    if (annotations['prometheus.io/scrape'] === 'true')
      needed.add(`${name} ingress from ${prometheus} TCP/${annotations['prometheus.io/port']}`);
    for (const container of allContainers(workload.spec?.template?.spec ?? { containers: [] })) {
      for (const variable of [...containerEnvNames(container, objects)].filter(isAddressVariable)) {
        for (const { host, port } of addressesOf(valueOf(container, variable, objects) ?? '')) {
          const [, svc, namespace] = /^([^.]+)(?:\.([^.]+)\.svc(?:\.cluster\.local)?)?$/.exec(host) ?? [];
          const service =
            svc && (namespace ?? workload.metadata.namespace) === workload.metadata.namespace
              ? named(objects, 'Service', svc)
              : undefined;
          if (service) {
            for (const target of serviceTargets(service, objects, port)) {
              needed.add(`${name} egress to pods of ${nameOf(target.workload)} TCP/${target.port}`);
              needed.add(`${nameOf(target.workload)} ingress from pods of ${name} TCP/${target.port}`);
            }
          } else if (namespace) {
            needed.add(`${name} egress to namespace {kubernetes.io/metadata.name=${namespace}} TCP/${port}`);
          } else {
            needed.add(`${name} egress to anywhere TCP/${port}`);
          }
        }
      }
    }
  }
  return needed;
}

/**
 * A default-deny policy isolates every pod in both directions, and the NetworkPolicies allow exactly
 * the connections the topology needs: each needed one is allowed, nothing else is.
 */
export function checkNetworkPolicies(objects: K8sObject[]): string[] {
  const problems: string[] = [];
  const policies = byKind(objects, 'NetworkPolicy');
  const denyAll = policies.find(
    (p) =>
      selectorText(p.spec?.podSelector) === '{}' &&
      appliesTo(p, 'Ingress') &&
      appliesTo(p, 'Egress') &&
      !p.spec?.ingress?.length &&
      !p.spec?.egress?.length,
  );
  if (!denyAll)
    problems.push('no default-deny NetworkPolicy (podSelector {}, policyTypes Ingress and Egress, no rules)');
  const { allowed, isolated } = allowedConnections(objects);
  for (const workload of workloads(objects)) {
    for (const direction of ['ingress', 'egress']) {
      if (!isolated.has(`${nameOf(workload)} ${direction}`))
        problems.push(`${workload.kind} ${nameOf(workload)}: no NetworkPolicy restricts its ${direction}`);
    }
  }
  for (const policy of policies) {
    if (!workloads(objects).some((w) => selects(policy.spec?.podSelector, podLabels(w))))
      problems.push(`NetworkPolicy ${nameOf(policy)}: selects no pod`);
  }
  const needed = neededConnections(objects);
  for (const line of [...needed].sort()) {
    if (!allowed.has(line)) problems.push(`needed but not allowed: ${line}`);
  }
  for (const [line, by] of [...allowed].sort()) {
    if (!needed.has(line)) problems.push(`allowed but not needed: ${line} (NetworkPolicy ${by.join(', ')})`);
  }
  return problems;
}
