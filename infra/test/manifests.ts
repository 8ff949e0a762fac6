// Shared by the deployment checks (deploy.test.ts: compose and the Dockerfiles; k8s.test.ts: the
// kustomize trees): the shapes they read, the repository's own facts they compare against, and
// helpers to render, parse and look things up. Reads files; asserts nothing of its own except that
// what it is asked to resolve exists.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { renderKustomization } from './kustomize';

export const root = resolve(__dirname, '..', '..');

// ------------------------------------------------------------------ shapes read by the checks

export interface Metadata {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
export interface LabelSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values?: string[];
}
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}
export interface Probe {
  httpGet?: { path?: string; port?: number | string };
  exec?: { command?: string[] };
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
  };
}
export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
  securityContext?: ContainerSecurityContext;
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}
export interface ContainerSecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  runAsGroup?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type?: string };
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    runAsGroup?: number;
    fsGroup?: number;
    seccompProfile?: { type?: string };
  };
  volumes?: {
    name: string;
    persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
    emptyDir?: { medium?: string; sizeLimit?: string };
  }[];
}
export interface PodTemplate {
  metadata?: Metadata;
  spec: PodSpec;
}
export interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: { cidr: string; except?: string[] };
}
export interface NetworkPolicyPort {
  port?: number | string;
  endPort?: number;
  protocol?: string;
}
export interface NetworkPolicyRule {
  from?: NetworkPolicyPeer[];
  to?: NetworkPolicyPeer[];
  ports?: NetworkPolicyPort[];
}
export interface MetricSpec {
  type: string;
  resource?: { name: string; target?: { type: string; averageUtilization?: number } };
  pods?: { metric: { name: string }; target: { type: string; averageValue?: string | number } };
}
export interface IngressBackend {
  service?: { name: string; port?: { name?: string; number?: number } };
}
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: Metadata;
  spec?: {
    replicas?: number;
    selector?: LabelSelector & Record<string, string>;
    template?: PodTemplate;
    ports?: { name?: string; port: number; targetPort?: number | string }[];
    type?: string;
    // HorizontalPodAutoscaler
    scaleTargetRef?: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
    metrics?: MetricSpec[];
    // PodDisruptionBudget
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    // NetworkPolicy
    podSelector?: LabelSelector;
    policyTypes?: string[];
    ingress?: NetworkPolicyRule[];
    egress?: NetworkPolicyRule[];
    // Ingress
    defaultBackend?: IngressBackend;
    rules?: { host?: string; http?: { paths: { path?: string; backend: IngressBackend }[] } }[];
  };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
export interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  networks?: string[] | Record<string, unknown>;
  ports?: (string | { host_ip?: string; published?: string | number; target?: number })[];
  profiles?: string[];
  volumes?: (
    | string
    | { type?: string; source?: string; target?: string; read_only?: boolean; volume?: { nocopy?: boolean } }
  )[];
}
export interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  volumes?: Record<string, { driver_opts?: Record<string, string> } | null>;
  secrets?: Record<string, { file?: string; environment?: string }>;
}

// ------------------------------------------------------------------ reading

export const read = (path: string): string => readFileSync(join(root, path), 'utf8');
export const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** The objects `kubectl kustomize <dir>` renders (dir relative to the repository root). */
export const render = (dir: string): K8sObject[] => renderKustomization<K8sObject>(root, dir);

/** docker-compose.yml, YAML merge keys resolved. */
export const loadCompose = (): ComposeFile =>
  parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;

// ------------------------------------------------------------------ k8s lookups

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

// ------------------------------------------------------------------ compose lookups

export function composeEnv(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]));
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]),
  );
}

export function composeCommand(service: ComposeService): string {
  return Array.isArray(service.command) ? service.command.join(' ') : (service.command ?? '');
}

/**
 * The service package a compose service runs, or undefined: the SERVICE its build passes to
 * services/Dockerfile, else the package its image is (a worker runs its service's image).
 */
export function composeBuildPackage(service: ComposeService): string | undefined {
  const arg = typeof service.build === 'object' ? service.build.args?.SERVICE : undefined;
  const name = arg ?? /^kinora\/([a-z-]+)(:|$)/.exec(service.image ?? '')?.[1];
  return name && servicePackages.includes(name) ? name : undefined;
}

export const composeServices = (compose: ComposeFile) => Object.entries(compose.services);
/** The compose services running a service package's main process (named as their package). */
export const composeApps = (compose: ComposeFile) =>
  composeServices(compose).filter(([name, service]) => composeBuildPackage(service) === name);
export const composeWorkers = (compose: ComposeFile) =>
  composeServices(compose).filter(([name]) => name.endsWith('-worker'));

/** The NAME=value pairs of a Dockerfile's ENV instructions, continuation lines included. */
export function dockerfileEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, body] of text.replace(/\\\n/g, ' ').matchAll(/^ENV\s+(.*)$/gm)) {
    for (const [, key, value] of body.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
  }
  return env;
}

// ------------------------------------------------------------------ the repository's own facts

export const SERVICE_ENV = [
  'PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'KAFKA_BROKERS',
  'KAFKA_TOPIC_PREFIX',
  'LOG_LEVEL',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
];
export const EXTRA_ENV: Record<string, string[]> = {
  auth: ['SMTP_URL', 'ADMIN_EMAILS', 'MEDIA_ROOT'],
  social: ['SMTP_URL', 'PUBLIC_URL'],
  admin: ['SMTP_URL', 'PUBLIC_URL'],
  catalog: ['MEDIA_ROOT'],
  'catalog-worker': ['MEDIA_ROOT'],
  ads: ['MEDIA_ROOT', 'ADS_TOKEN_KEY'],
  analytics: ['VIEWING_SESSION_KEY'],
};
/** Film sources and uploads (the catalog image puts SOURCE_ROOT and UPLOAD_ROOT under /studio). */
export const STUDIO_USERS = ['catalog', 'catalog-worker'];

/** The BullMQ workers: the media pipeline and the rollups. */
export const WORKERS = ['analytics-worker', 'catalog-worker'];
/** Mount the media volume read-write; the gateway and MEDIA_READERS mount it read-only; nobody else mounts it. */
export const MEDIA_WRITERS = ['auth', 'catalog', 'catalog-worker'];
/** ads lists the rendered creatives under /media/ads. */
export const MEDIA_READERS = ['ads'];

/** The process that keeps the gateway's identity marks (gateway/identity-marks.ts), beside every gateway. */
export const IDENTITY_MARKS = 'identity-marks';
export const IDENTITY_MARKS_DOCKERFILE = 'gateway/identity-marks.Dockerfile';

export const servicePackages = sorted(
  readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'common')
    .filter((entry) => existsSync(join(root, 'services', entry.name, 'package.json')))
    .map((entry) => entry.name),
);
