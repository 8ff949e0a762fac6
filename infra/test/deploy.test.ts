// Static checks of Kinora's deployment descriptions: docker-compose.yml, the service
// Dockerfiles and the k8s kustomize base + staging overlay. Offline and engine-free:
//   (a) both kustomizations render with `kubectl kustomize`;
//   (b) every rendered object validates against the Kubernetes schemas (kubernetes-models; the Prometheus
//       Operator's kinds are checked by k8s-observability.test.ts);
//   (c) every Deployment container has readiness + liveness probes and resource requests + limits;
//   (d) services/, docker-compose.yml, the k8s Deployments and the gateway route table name the same
//       services; workers, HPAs and NetworkPolicies are where the architecture puts them;
//   (e) docker-compose.yml parses and its builds, dependencies, networks and volumes resolve;
//   (f) `docker compose config -q`, when a compose CLI is available (skipped otherwise);
//   (g) signed session cookies: auth and the gateway take the signing keys from one source, and an
//       identity-marks process runs beside every gateway sharing its marks directory, in compose and
//       k8s; the images carry what nginx.conf and gateway/identity-marks.ts need.
//
//   node --import tsx --test infra/test/deploy.test.ts
// KINORA_ROUTES_CONF overrides the route table's path (default gateway/routes.conf); KUBECTL the
// kubectl binary (default: kubectl on PATH).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, normalize, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { renderKustomization } from './kustomize';
import { GATEWAY_CONF_FILES, GATEWAY_VAR_NAMES } from '../../gateway/render';

const root = resolve(__dirname, '..', '..');
const requireFromHere = createRequire(__filename);

// ------------------------------------------------------------------ shapes read by the checks

interface Metadata {
  name?: string;
  namespace?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}
interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: unknown[];
}
interface Probe {
  httpGet?: { path?: string; port?: number | string };
  exec?: { command?: string[] };
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: {
    secretKeyRef?: { name: string; key: string };
    configMapKeyRef?: { name: string; key: string };
  };
}
interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string | number>; limits?: Record<string, string | number> };
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; readOnlyRootFilesystem?: boolean };
  volumeMounts?: { name: string; mountPath: string; readOnly?: boolean }[];
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  volumes?: {
    name: string;
    persistentVolumeClaim?: { claimName: string; readOnly?: boolean };
    emptyDir?: { medium?: string; sizeLimit?: string };
  }[];
}
interface PodTemplate {
  metadata?: Metadata;
  spec: PodSpec;
}
interface NetworkPolicyPeer {
  podSelector?: LabelSelector;
  namespaceSelector?: LabelSelector;
  ipBlock?: unknown;
}
interface K8sObject {
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
    metrics?: { type: string; resource?: { name: string } }[];
    // NetworkPolicy
    podSelector?: LabelSelector;
    policyTypes?: string[];
    ingress?: { from?: NetworkPolicyPeer[]; ports?: { port?: number | string; protocol?: string }[] }[];
  };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  networks?: string[] | Record<string, unknown>;
  ports?: (string | { published?: string | number; target?: number })[];
  volumes?: (
    | string
    | { type?: string; source?: string; target?: string; read_only?: boolean; volume?: { nocopy?: boolean } }
  )[];
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  networks?: Record<string, { internal?: boolean } | null>;
  volumes?: Record<string, { driver_opts?: Record<string, string> } | null>;
}
interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

// ------------------------------------------------------------------ helpers

const read = (path: string): string => readFileSync(join(root, path), 'utf8');
const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

const render = (dir: string) => renderKustomization<K8sObject>(root, dir);

/** kubernetes-models class for an apiVersion/kind, e.g. apps/v1 Deployment → kubernetes-models/apps/v1/Deployment. */
function modelFor(apiVersion: string, kind: string): ModelClass {
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

const byKind = (objects: K8sObject[], kind: string): K8sObject[] => objects.filter((o) => o.kind === kind);
const named = (objects: K8sObject[], kind: string, name: string): K8sObject | undefined =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const nameOf = (o: K8sObject): string => o.metadata.name ?? '';
const podOf = (o: K8sObject): PodSpec => {
  assert.ok(o.spec?.template?.spec, `${o.kind}/${nameOf(o)} has no pod template`);
  return o.spec.template.spec;
};
const componentOf = (o: K8sObject): string | undefined =>
  o.spec?.template?.metadata?.labels?.['app.kubernetes.io/component'];

function selects(selector: LabelSelector | undefined, labels: Record<string, string> | undefined): boolean {
  assert.ok(!selector?.matchExpressions?.length, 'matchExpressions are not supported by these checks');
  return Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels?.[key] === value);
}

function composeEnv(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]));
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]),
  );
}

function composeCommand(service: ComposeService): string {
  return Array.isArray(service.command) ? service.command.join(' ') : (service.command ?? '');
}

/** The services/<name>/Dockerfile a compose service builds, as <name>, or undefined. */
function composeBuildPackage(service: ComposeService): string | undefined {
  if (!service.build) return undefined;
  const context = typeof service.build === 'string' ? service.build : (service.build.context ?? '.');
  const dockerfile =
    typeof service.build === 'string' ? 'Dockerfile' : (service.build.dockerfile ?? 'Dockerfile');
  const match = /^services\/([^/]+)\/Dockerfile$/.exec(normalize(join(context, dockerfile)));
  return match?.[1];
}

function dependsOn(service: ComposeService): Record<string, string | undefined> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, undefined]));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep?.condition]));
}

function names(value: string[] | Record<string, unknown> | undefined): string[] {
  if (!value) return [];
  return Array.isArray(value) ? value : Object.keys(value);
}

/** Container env names after envFrom (ConfigMap keys) and env. */
function containerEnvNames(container: Container, objects: K8sObject[]): Set<string> {
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

function envValue(container: Container, name: string): string | undefined {
  return container.env?.find((variable) => variable.name === name)?.value;
}

/** A compose value as compose runs it when the variable is unset: `${NAME:-default}` → default. */
function composeDefault(value: string): string {
  return value.replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_match, fallback?: string) => fallback ?? '');
}

interface ComposeMount {
  source: string;
  target: string;
  readOnly: boolean;
  nocopy: boolean;
}
function composeMounts(service: ComposeService): ComposeMount[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume === 'string') {
      const [source, target, mode = ''] = volume.split(':');
      return { source, target, readOnly: mode.split(',').includes('ro'), nocopy: false };
    }
    return {
      source: volume.source ?? '',
      target: volume.target ?? '',
      readOnly: volume.read_only === true,
      nocopy: volume.volume?.nocopy === true,
    };
  });
}

/** Where a container's variable comes from: a literal, a ConfigMap key (also through envFrom) or a Secret key. */
type EnvSource = { value: string } | { configMap: string; key: string } | { secret: string; key: string };
function envSource(container: Container, name: string, objects: K8sObject[]): EnvSource | undefined {
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
function resolvedEnv(container: Container, name: string, objects: K8sObject[]): string | undefined {
  const source = envSource(container, name, objects);
  if (!source) return undefined;
  if ('value' in source) return source.value;
  if ('configMap' in source) return named(objects, 'ConfigMap', source.configMap)?.data?.[source.key];
  return undefined;
}

/** The NAME=value pairs of a Dockerfile's ENV instructions, continuation lines included. */
function dockerfileEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [, body] of text.replace(/\\\n/g, ' ').matchAll(/^ENV\s+(.*)$/gm)) {
    for (const [, key, value] of body.matchAll(/(\w+)=(\S+)/g)) env[key] = value;
  }
  return env;
}

function nginxStrip(text: string): string {
  return text.replace(/#[^\n]*/g, '');
}

// ------------------------------------------------------------------ the repository's own facts

const SERVICE_ENV = [
  'PORT',
  'DATABASE_URL',
  'REDIS_URL',
  'REDIS_PREFIX',
  'KAFKA_BROKERS',
  'KAFKA_TOPIC_PREFIX',
  'LOG_LEVEL',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
];
const EXTRA_ENV: Record<string, string[]> = {
  auth: ['SMTP_URL', 'ADMIN_EMAILS', 'MEDIA_ROOT'],
  social: ['SMTP_URL', 'PUBLIC_URL'],
  admin: ['SMTP_URL', 'PUBLIC_URL'],
  catalog: ['MEDIA_ROOT'],
  'catalog-worker': ['MEDIA_ROOT'],
  ads: ['MEDIA_ROOT', 'ADS_TOKEN_KEY'],
  analytics: ['VIEWING_SESSION_KEY'],
};
/** Compose services allowed to publish ports on the host, and which. */
const PUBLISHED: Record<string, string[]> = { gateway: ['8080'], maildev: ['1080'], jaeger: ['16686'] };
/** Autoscaled on CPU: the parts ops scale independently. */
const AUTOSCALED = ['ads', 'analytics', 'analytics-worker'];
/** Film sources and uploads (the catalog image puts SOURCE_ROOT and UPLOAD_ROOT under /studio). */
const STUDIO_USERS = ['catalog', 'catalog-worker'];

/** The BullMQ workers: the media pipeline and the rollups. */
const WORKERS = ['analytics-worker', 'catalog-worker'];
/** Mount the media volume read-write; the gateway and MEDIA_READERS mount it read-only; nobody else mounts it. */
const MEDIA_WRITERS = ['auth', 'catalog', 'catalog-worker'];
/** ads lists the rendered creatives under /media/ads. */
const MEDIA_READERS = ['ads'];

/** The process that keeps the gateway's identity marks (gateway/identity-marks.ts), beside every gateway. */
const IDENTITY_MARKS = 'identity-marks';
const IDENTITY_MARKS_DOCKERFILE = 'gateway/identity-marks.Dockerfile';
/**
 * Prometheus Operator kinds (from k8s/components/monitoring), which kubernetes-models has no schema
 * for: infra/test/k8s-observability.test.ts checks their shape and what they select.
 */
const OPERATOR_KINDS = ['monitoring.coreos.com/v1 ServiceMonitor', 'monitoring.coreos.com/v1 PodMonitor'];
/** Refused by auth in production; the deployments must never fall back to it. */
const AUTH_DEV_SIGNING_KEY = 'kinora-development-session-signing-key-change-me';

const servicePackages = sorted(
  readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'common')
    .filter((entry) => existsSync(join(root, 'services', entry.name, 'package.json')))
    .map((entry) => entry.name),
);

// ------------------------------------------------------------------ tests

describe('deployment descriptions', () => {
  let base: K8sObject[] = [];
  let staging: K8sObject[] = [];
  let compose: ComposeFile;

  before(() => {
    base = render('k8s/base');
    staging = render('k8s/overlays/staging');
    compose = parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
  });

  const renders = (): [string, K8sObject[]][] => [
    ['k8s/base', base],
    ['k8s/overlays/staging', staging],
  ];

  /** Deployments by role: the six services (component api), the workers, the gateway. */
  function deploymentsByRole(objects: K8sObject[]) {
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

  const composeServices = () => Object.entries(compose.services);
  const composeApps = () =>
    composeServices().filter(([name, service]) => composeBuildPackage(service) === name);
  const composeWorkers = () => composeServices().filter(([name]) => name.endsWith('-worker'));

  // ---------------------------------------------------------------- (a) + (b)
  describe('k8s renders and validates', () => {
    it('renders both kustomizations with kubectl kustomize', () => {
      for (const [dir, objects] of renders()) {
        assert.ok(objects.length > 0, `${dir} rendered nothing`);
        for (const obj of objects) {
          assert.ok(
            obj.apiVersion && obj.kind && obj.metadata?.name,
            `${dir}: object without apiVersion/kind/name`,
          );
        }
      }
    });

    it('validates every rendered object against the Kubernetes schemas (unknown kinds fail)', () => {
      for (const [dir, objects] of renders()) {
        for (const obj of objects) {
          if (OPERATOR_KINDS.includes(`${obj.apiVersion} ${obj.kind}`)) continue;
          const Model = modelFor(obj.apiVersion, obj.kind);
          assert.doesNotThrow(
            () => new Model(obj).validate(),
            (error: Error) => {
              throw new Error(`${dir} ${obj.kind}/${nameOf(obj)}: ${error.message}`);
            },
          );
        }
      }
    });

    it('labels every object app.kubernetes.io/part-of: kinora and puts staging in kinora-staging', () => {
      for (const [dir, objects] of renders()) {
        for (const obj of objects) {
          assert.equal(
            obj.metadata.labels?.['app.kubernetes.io/part-of'],
            'kinora',
            `${dir} ${obj.kind}/${nameOf(obj)}`,
          );
          const template = obj.spec?.template?.metadata?.labels;
          if (template)
            assert.equal(template['app.kubernetes.io/part-of'], 'kinora', `${dir} ${nameOf(obj)} pods`);
        }
      }
      for (const obj of staging) {
        if (obj.kind === 'Namespace') assert.equal(nameOf(obj), 'kinora-staging');
        else assert.equal(obj.metadata.namespace, 'kinora-staging', `${obj.kind}/${nameOf(obj)}`);
      }
    });

    it('resolves every selector, named port, ConfigMap, Secret key and volume claim', () => {
      for (const [dir, objects] of renders()) {
        const pods = objects.filter((o) => o.spec?.template);
        for (const workload of pods) {
          if (workload.kind === 'Deployment') {
            assert.ok(
              selects(workload.spec?.selector, workload.spec?.template?.metadata?.labels),
              `${dir} ${nameOf(workload)}: selector does not match its pod labels`,
            );
          }
          const pod = podOf(workload);
          for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
            containerEnvNames(container, objects);
            for (const variable of container.env ?? []) {
              const ref = variable.valueFrom?.secretKeyRef;
              if (!ref) continue;
              const secret = named(objects, 'Secret', ref.name);
              assert.ok(secret, `${dir} ${nameOf(workload)}: Secret ${ref.name} is not rendered`);
              assert.ok(
                ref.key in { ...secret.data, ...secret.stringData },
                `${dir} ${nameOf(workload)}: Secret ${ref.name} has no key ${ref.key}`,
              );
            }
          }
          for (const volume of pod.volumes ?? []) {
            if (!volume.persistentVolumeClaim) continue;
            const claim = volume.persistentVolumeClaim.claimName;
            assert.ok(
              named(objects, 'PersistentVolumeClaim', claim),
              `${dir} ${nameOf(workload)}: no PVC ${claim}`,
            );
          }
        }
        for (const service of byKind(objects, 'Service')) {
          const targets = byKind(objects, 'Deployment').filter((d) =>
            selects({ matchLabels: service.spec?.selector }, d.spec?.template?.metadata?.labels),
          );
          assert.equal(
            targets.length,
            1,
            `${dir} Service ${nameOf(service)} selects ${targets.length} Deployments`,
          );
          const containerPorts = podOf(targets[0]).containers.flatMap((c) => c.ports ?? []);
          for (const port of service.spec?.ports ?? []) {
            const target = port.targetPort ?? port.port;
            assert.ok(
              containerPorts.some((p) => p.name === target || p.containerPort === target),
              `${dir} Service ${nameOf(service)}: targetPort ${target} is not a container port`,
            );
          }
        }
      }
    });
  });

  // ---------------------------------------------------------------- (c)
  describe('k8s workloads', () => {
    it('gives every Deployment container readiness and liveness probes, resource requests and limits', () => {
      for (const [dir, objects] of renders()) {
        for (const deployment of byKind(objects, 'Deployment')) {
          const pod = podOf(deployment);
          for (const container of pod.containers) {
            const where = `${dir} ${nameOf(deployment)}/${container.name}`;
            assert.ok(container.readinessProbe, `${where}: no readinessProbe`);
            assert.ok(container.livenessProbe, `${where}: no livenessProbe`);
          }
          for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
            const where = `${dir} ${nameOf(deployment)}/${container.name}`;
            for (const kind of ['requests', 'limits'] as const) {
              for (const resource of ['cpu', 'memory']) {
                assert.ok(
                  container.resources?.[kind]?.[resource] !== undefined,
                  `${where}: no ${kind}.${resource}`,
                );
              }
            }
          }
        }
        for (const job of byKind(objects, 'Job')) {
          for (const container of podOf(job).containers) {
            assert.ok(
              container.resources?.requests && container.resources.limits,
              `${dir} Job ${nameOf(job)}: resources`,
            );
          }
        }
      }
    });

    it('runs services and workers as non-root with /health readiness, /health/live liveness and /metrics scraping', () => {
      for (const [dir, objects] of renders()) {
        const { services, workers } = deploymentsByRole(objects);
        for (const deployment of [...services, ...workers]) {
          const pod = podOf(deployment);
          const where = `${dir} ${nameOf(deployment)}`;
          assert.equal(pod.securityContext?.runAsNonRoot, true, `${where}: pod securityContext.runAsNonRoot`);
          assert.equal(pod.containers.length, 1, `${where}: one container`);
          const [container] = pod.containers;
          assert.equal(container.readinessProbe?.httpGet?.path, '/health', `${where}: readiness path`);
          assert.equal(container.livenessProbe?.httpGet?.path, '/health/live', `${where}: liveness path`);
          const annotations = deployment.spec?.template?.metadata?.annotations ?? {};
          assert.equal(annotations['prometheus.io/scrape'], 'true', `${where}: prometheus.io/scrape`);
          assert.equal(annotations['prometheus.io/path'], '/metrics', `${where}: prometheus.io/path`);
          assert.equal(
            annotations['prometheus.io/port'],
            envValue(container, 'PORT'),
            `${where}: prometheus.io/port`,
          );
          assert.deepEqual(
            container.ports?.map((p) => p.containerPort),
            [Number(envValue(container, 'PORT'))],
            `${where}: the container port is PORT`,
          );
          const env = containerEnvNames(container, objects);
          for (const name of [...SERVICE_ENV, ...(EXTRA_ENV[nameOf(deployment)] ?? [])]) {
            assert.ok(env.has(name), `${where}: env ${name} is not set`);
          }
          const database = container.env?.find((variable) => variable.name === 'DATABASE_URL');
          assert.ok(database?.valueFrom?.secretKeyRef, `${where}: DATABASE_URL comes from a Secret`);
        }
        for (const deployment of services) {
          const pod = podOf(deployment);
          const migrate = pod.initContainers?.find((c) => c.name === 'migrate');
          assert.ok(migrate, `${dir} ${nameOf(deployment)}: no migrate initContainer`);
          assert.deepEqual(
            migrate.command,
            ['node', 'dist/src/migrate.js'],
            `${dir} ${nameOf(deployment)}: migrate`,
          );
          assert.equal(migrate.image, pod.containers[0].image, `${dir} ${nameOf(deployment)}: migrate image`);
        }
      }
    });

    it('shares the ReadWriteMany studio volume (sources, uploads) between catalog and catalog-worker only', () => {
      for (const [dir, objects] of renders()) {
        const claim = named(objects, 'PersistentVolumeClaim', 'kinora-studio');
        assert.ok(claim, `${dir}: no kinora-studio PVC`);
        assert.deepEqual((claim.spec as { accessModes?: string[] }).accessModes, ['ReadWriteMany']);
        for (const deployment of byKind(objects, 'Deployment')) {
          const pod = podOf(deployment);
          const volume = pod.volumes?.find((v) => v.persistentVolumeClaim?.claimName === 'kinora-studio');
          const writer = STUDIO_USERS.includes(nameOf(deployment));
          assert.equal(Boolean(volume), writer, `${dir} ${nameOf(deployment)}: studio volume`);
          if (!volume) continue;
          const mount = pod.containers[0].volumeMounts?.find((m) => m.name === volume.name);
          assert.equal(mount?.mountPath, '/studio', `${dir} ${nameOf(deployment)}: studio mount path`);
          assert.notEqual(mount?.readOnly, true);
        }
      }
    });

    it('shares the ReadWriteMany media volume between catalog + catalog-worker (rw) and the gateway (ro)', () => {
      for (const [dir, objects] of renders()) {
        const claim = named(objects, 'PersistentVolumeClaim', 'kinora-media');
        assert.ok(claim, `${dir}: no kinora-media PVC`);
        assert.deepEqual((claim.spec as { accessModes?: string[] }).accessModes, ['ReadWriteMany']);
        const mediaMount = (name: string) => {
          const deployment = named(objects, 'Deployment', name);
          assert.ok(deployment, `${dir}: no Deployment ${name}`);
          const pod = podOf(deployment);
          const volume = pod.volumes?.find((v) => v.persistentVolumeClaim?.claimName === 'kinora-media');
          assert.ok(volume, `${dir} ${name}: does not mount kinora-media`);
          const mount = pod.containers[0].volumeMounts?.find((m) => m.name === volume.name);
          assert.equal(mount?.mountPath, '/media', `${dir} ${name}: media mount path`);
          return { mount, volume };
        };
        for (const writer of MEDIA_WRITERS) assert.notEqual(mediaMount(writer).mount?.readOnly, true);
        for (const reader of ['gateway', ...MEDIA_READERS])
          assert.equal(mediaMount(reader).mount?.readOnly, true, `${dir} ${reader}: media must be read-only`);
        for (const deployment of byKind(objects, 'Deployment')) {
          const mounts = podOf(deployment).volumes?.some(
            (v) => v.persistentVolumeClaim?.claimName === 'kinora-media',
          );
          if (mounts)
            assert.ok(
              [...MEDIA_WRITERS, 'gateway', ...MEDIA_READERS].includes(nameOf(deployment)),
              `${nameOf(deployment)} mounts media`,
            );
        }
      }
    });

    it('creates the Kafka topics with a Job running the same script as compose kafka-init', () => {
      const script = (command: string[] | undefined): string => {
        assert.ok(command && command[0] === 'node' && command[1] === '-e', 'runs node -e');
        return command[2].trim();
      };
      const composeScript = script(compose.services['kafka-init']?.command as string[] | undefined);
      assert.match(composeScript, /require\('@kinora\/proto'\)/);
      assert.match(composeScript, /EVENT_TOPICS/);
      assert.match(composeScript, /createTopics/);
      for (const [dir, objects] of renders()) {
        const job = named(objects, 'Job', 'kafka-topics');
        assert.ok(job, `${dir}: no kafka-topics Job`);
        const [container] = podOf(job).containers;
        assert.equal(
          script(container.command),
          composeScript,
          `${dir}: the Job's script differs from compose's`,
        );
        const catalog = named(objects, 'Deployment', 'catalog');
        assert.equal(
          container.image,
          catalog && podOf(catalog).containers[0].image,
          `${dir}: Job uses the catalog image`,
        );
        const env = containerEnvNames(container, objects);
        for (const name of ['KAFKA_BROKERS', 'KAFKA_TOPIC_PREFIX'])
          assert.ok(env.has(name), `${dir} Job: env ${name}`);
      }
    });
  });

  // ---------------------------------------------------------------- (d)
  describe('consistency: services/, compose, k8s and the gateway agree', () => {
    it('finds the service packages', () => {
      assert.ok(servicePackages.length >= 6, `services/: ${servicePackages.join(', ')}`);
    });

    it('compose runs exactly the service packages', () => {
      assert.deepEqual(sorted(composeApps().map(([name]) => name)), servicePackages);
    });

    it('k8s deploys exactly the service packages (besides gateway and workers)', () => {
      for (const [dir, objects] of renders()) {
        const { services, gateway } = deploymentsByRole(objects);
        assert.deepEqual(sorted(services.map(nameOf)), servicePackages, dir);
        assert.deepEqual(gateway.map(nameOf), ['gateway'], dir);
        for (const name of servicePackages) {
          const service = named(objects, 'Service', name);
          assert.ok(service, `${dir}: no Service ${name}`);
          assert.equal(service.spec?.type ?? 'ClusterIP', 'ClusterIP', `${dir}: Service ${name} type`);
        }
      }
    });

    it('the gateway route table proxies only to service packages, each a defined upstream', () => {
      const routesPath = process.env.KINORA_ROUTES_CONF ?? join(root, 'gateway', 'routes.conf');
      assert.ok(existsSync(routesPath), `${routesPath} does not exist (the gateway route table)`);
      const routes = nginxStrip(readFileSync(routesPath, 'utf8'));
      const targets = sorted(
        [...routes.matchAll(/proxy_pass\s+https?:\/\/([A-Za-z0-9_.-]+)/g)].map((m) => m[1]),
      );
      // A service without public operations yet has no route (gateway/test/routes-contract.test.ts).
      assert.deepEqual(
        targets.filter((target) => !servicePackages.includes(target)),
        [],
        `${routesPath}: proxy_pass targets that are not services`,
      );

      // Upstream blocks (in any gateway/*.conf / *.template) name their address by a placeholder
      // like ${AUTH_UPSTREAM}, which compose and k8s must set for the gateway.
      const gatewayDir = join(root, 'gateway');
      const upstreams = new Map<string, string>();
      for (const file of readdirSync(gatewayDir).filter((f) => /\.(conf|template)$/.test(f))) {
        const text = nginxStrip(readFileSync(join(gatewayDir, file), 'utf8'));
        for (const [, name, server] of text.matchAll(/upstream\s+([\w.-]+)\s*\{[^;]*?server\s+([^;\s]+)/g)) {
          upstreams.set(name, /^\$\{(\w+)\}/.exec(server)?.[1] ?? server);
        }
      }
      if (upstreams.size === 0) return; // upstream names resolve through DNS directly
      for (const target of targets) {
        assert.ok(upstreams.has(target), `gateway: proxy_pass http://${target} has no upstream block`);
        assert.equal(
          upstreams.get(target),
          `${target.toUpperCase()}_UPSTREAM`,
          `upstream ${target} address variable`,
        );
      }
    });

    it('the gateway gets <SERVICE>_UPSTREAM = <service>:<PORT> and MEDIA_ROOT in compose and k8s', () => {
      const gatewayEnv = composeEnv(compose.services.gateway ?? {});
      for (const name of servicePackages) {
        const port = composeEnv(compose.services[name] ?? {}).PORT;
        assert.equal(
          gatewayEnv[`${name.toUpperCase()}_UPSTREAM`],
          `${name}:${port}`,
          `compose gateway -> ${name}`,
        );
      }
      assert.equal(gatewayEnv.MEDIA_ROOT, '/media');
      for (const [dir, objects] of renders()) {
        const gateway = named(objects, 'Deployment', 'gateway');
        assert.ok(gateway, `${dir}: no gateway Deployment`);
        const [container] = podOf(gateway).containers;
        for (const name of servicePackages) {
          const deployment = named(objects, 'Deployment', name);
          const port = deployment && envValue(podOf(deployment).containers[0], 'PORT');
          const service = named(objects, 'Service', name);
          assert.equal(String(service?.spec?.ports?.[0]?.port), port, `${dir}: Service ${name} port is PORT`);
          assert.equal(
            port,
            composeEnv(compose.services[name] ?? {}).PORT,
            `${dir}: ${name} port matches compose`,
          );
          assert.equal(
            envValue(container, `${name.toUpperCase()}_UPSTREAM`),
            `${name}:${port}`,
            `${dir} gateway -> ${name}`,
          );
        }
        assert.equal(envValue(container, 'MEDIA_ROOT'), '/media', `${dir} gateway MEDIA_ROOT`);
      }
    });

    it('workers in compose and k8s run worker.js of a service package that has src/worker.ts', () => {
      const composeWorkerNames = sorted(composeWorkers().map(([name]) => name));
      assert.deepEqual(composeWorkerNames, sorted(WORKERS), 'compose workers');
      for (const [name, service] of composeWorkers()) {
        const pkg = composeBuildPackage(service);
        assert.ok(pkg && servicePackages.includes(pkg), `compose ${name}: builds no service package`);
        assert.equal(name, `${pkg}-worker`, `compose ${name}: named after its package`);
        assert.match(composeCommand(service), /dist\/src\/worker\.js/, `compose ${name}: command`);
        assert.ok(
          existsSync(join(root, 'services', pkg, 'src', 'worker.ts')),
          `services/${pkg}/src/worker.ts is missing`,
        );
        assert.equal(service.image, compose.services[pkg]?.image, `compose ${name}: same image as ${pkg}`);
      }
      for (const [dir, objects] of renders()) {
        const { workers } = deploymentsByRole(objects);
        assert.deepEqual(sorted(workers.map(nameOf)), composeWorkerNames, `${dir}: workers match compose`);
        for (const worker of workers) {
          const pkg = nameOf(worker).replace(/-worker$/, '');
          const [container] = podOf(worker).containers;
          assert.match(
            [...(container.command ?? []), ...(container.args ?? [])].join(' '),
            /dist\/src\/worker\.js/,
          );
          const service = named(objects, 'Deployment', pkg);
          assert.ok(service, `${dir} ${nameOf(worker)}: no Deployment ${pkg}`);
          assert.equal(
            container.image,
            podOf(service).containers[0].image,
            `${dir} ${nameOf(worker)}: image of ${pkg}`,
          );
          assert.ok(
            !byKind(objects, 'Service').some((s) => nameOf(s) === nameOf(worker)),
            'workers have no Service',
          );
        }
      }
    });

    it('has CPU HPAs (autoscaling/v2) for ads, analytics and analytics-worker, whose Deployments leave replicas to them', () => {
      for (const [dir, objects] of renders()) {
        const hpas = byKind(objects, 'HorizontalPodAutoscaler');
        for (const name of AUTOSCALED) {
          const hpa = hpas.find((h) => h.spec?.scaleTargetRef?.name === name);
          assert.ok(hpa, `${dir}: no HPA for ${name}`);
          assert.equal(hpa.apiVersion, 'autoscaling/v2');
          assert.equal(hpa.spec?.scaleTargetRef?.kind, 'Deployment');
          assert.ok(
            named(objects, 'Deployment', name),
            `${dir}: HPA ${nameOf(hpa)} targets a missing Deployment`,
          );
          assert.ok(
            hpa.spec?.metrics?.some((m) => m.type === 'Resource' && m.resource?.name === 'cpu'),
            'scales on CPU',
          );
          assert.ok(
            (hpa.spec?.minReplicas ?? 1) <= (hpa.spec?.maxReplicas ?? 0),
            `${dir} HPA ${name}: min <= max`,
          );
          assert.equal(
            named(objects, 'Deployment', name)?.spec?.replicas,
            undefined,
            `${dir} ${name}: replicas set`,
          );
        }
        for (const hpa of hpas) {
          assert.ok(
            named(objects, 'Deployment', hpa.spec?.scaleTargetRef?.name ?? ''),
            `${dir} HPA ${nameOf(hpa)}`,
          );
        }
      }
    });

    it('lets only the gateway reach each service, and nobody but Prometheus reach the workers', () => {
      const isGateway = (peer: NetworkPolicyPeer) =>
        !peer.namespaceSelector &&
        !peer.ipBlock &&
        JSON.stringify(peer.podSelector) ===
          JSON.stringify({ matchLabels: { 'app.kubernetes.io/name': 'gateway' } });
      // Prometheus: pods selected by label inside the monitoring namespace (both selectors, ANDed).
      const isPrometheus = (peer: NetworkPolicyPeer) =>
        !peer.ipBlock &&
        peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'monitoring' &&
        Object.keys(peer.podSelector?.matchLabels ?? {}).length > 0;

      for (const [dir, objects] of renders()) {
        const policies = byKind(objects, 'NetworkPolicy');
        const defaultDeny = policies.find(
          (p) =>
            Object.keys(p.spec?.podSelector ?? {}).length === 0 &&
            (p.spec?.policyTypes ?? []).includes('Ingress') &&
            (p.spec?.ingress ?? []).length === 0,
        );
        assert.ok(
          defaultDeny,
          `${dir}: no default-deny ingress NetworkPolicy (podSelector {}, no ingress rules)`,
        );
        const { services, workers } = deploymentsByRole(objects);
        const gatewayPods = objects.filter(
          (o) => o.spec?.template?.metadata?.labels?.['app.kubernetes.io/name'] === 'gateway',
        );
        assert.deepEqual(
          gatewayPods.map(nameOf),
          ['gateway'],
          `${dir}: only the gateway's pods carry its label`,
        );

        const check = (deployment: K8sObject, allowGateway: boolean) => {
          const labels = deployment.spec?.template?.metadata?.labels;
          const port = Number(envValue(podOf(deployment).containers[0], 'PORT'));
          const where = `${dir} ${nameOf(deployment)}`;
          const applying = policies.filter(
            (p) =>
              selects(p.spec?.podSelector, labels) &&
              (p.spec?.policyTypes ?? ['Ingress']).includes('Ingress'),
          );
          assert.ok(applying.length > 0, `${where}: no NetworkPolicy isolates it`);
          let gatewayAllowed = false;
          for (const policy of applying) {
            for (const rule of policy.spec?.ingress ?? []) {
              const from = rule.from ?? [];
              assert.ok(from.length > 0, `${where}: ${nameOf(policy)} admits every source`);
              for (const peer of from) {
                assert.ok(
                  (allowGateway && isGateway(peer)) || isPrometheus(peer),
                  `${where}: ${nameOf(policy)} admits ${JSON.stringify(peer)}`,
                );
              }
              const ports = (rule.ports ?? []).map((p) => p.port);
              assert.deepEqual(ports, [port], `${where}: ${nameOf(policy)} must open only port ${port}`);
              if (from.some(isGateway)) gatewayAllowed = true;
            }
          }
          assert.equal(gatewayAllowed, allowGateway, `${where}: gateway access`);
        };
        for (const service of services) check(service, true);
        for (const worker of workers) check(worker, false);
      }
    });
  });

  // ---------------------------------------------------------------- (e)
  describe('docker-compose.yml', () => {
    it('parses, and every build points at an existing Dockerfile', () => {
      assert.ok(compose.services && Object.keys(compose.services).length > 0);
      for (const [name, service] of composeServices()) {
        assert.ok(service.image || service.build, `${name}: neither image nor build`);
        if (!service.build) continue;
        const context = typeof service.build === 'string' ? service.build : (service.build.context ?? '.');
        const dockerfile =
          typeof service.build === 'string' ? 'Dockerfile' : (service.build.dockerfile ?? 'Dockerfile');
        assert.ok(
          existsSync(join(root, context, dockerfile)),
          `${name}: ${join(context, dockerfile)} does not exist`,
        );
      }
    });

    it('gives every long-running container a healthcheck', () => {
      // kafka-init is a one-shot job; the collector image is distroless (nothing to probe with).
      const exempt = ['kafka-init', 'otel-collector'];
      for (const [name, service] of composeServices()) {
        if (exempt.includes(name)) continue;
        assert.ok(
          service.healthcheck?.test && !service.healthcheck.disable,
          `compose ${name}: no healthcheck`,
        );
      }
    });

    it('resolves every depends_on, network and named volume', () => {
      const networks = Object.keys(compose.networks ?? {});
      const volumes = Object.keys(compose.volumes ?? {});
      const conditions = ['service_started', 'service_healthy', 'service_completed_successfully', undefined];
      for (const [name, service] of composeServices()) {
        for (const [target, condition] of Object.entries(dependsOn(service))) {
          assert.ok(compose.services[target], `${name}: depends_on ${target}, which does not exist`);
          assert.ok(conditions.includes(condition), `${name}: depends_on ${target}: condition ${condition}`);
          if (condition === 'service_healthy') {
            const healthcheck = compose.services[target].healthcheck;
            assert.ok(
              healthcheck?.test && !healthcheck.disable,
              `${name} waits for ${target} to be healthy: no healthcheck`,
            );
          }
        }
        for (const network of names(service.networks))
          assert.ok(networks.includes(network), `${name}: network ${network}`);
        for (const volume of service.volumes ?? []) {
          const source = typeof volume === 'string' ? volume.split(':')[0] : (volume.source ?? '');
          if (source.startsWith('.') || source.startsWith('/')) {
            assert.ok(existsSync(join(root, source)), `${name}: bind mount ${source} does not exist`);
          } else {
            assert.ok(volumes.includes(source), `${name}: named volume ${source} is not declared`);
          }
        }
      }
    });

    it('publishes only the gateway, the maildev UI and the Jaeger UI; services stay on the internal network', () => {
      for (const [name, service] of composeServices()) {
        const published = (service.ports ?? []).map((port) =>
          typeof port === 'string' ? port.split(':').slice(-2)[0] : String(port.published),
        );
        assert.deepEqual(published, PUBLISHED[name] ?? [], `${name}: published ports`);
      }
      const internal = Object.entries(compose.networks ?? {}).filter(
        ([, network]) => network?.internal === true,
      );
      assert.ok(internal.length > 0, 'no internal network');
      for (const [name] of [...composeApps(), ...composeWorkers()]) {
        const networks = names(compose.services[name].networks);
        assert.ok(networks.length > 0, `${name}: on the default (non-internal) network`);
        for (const network of networks) {
          assert.equal(
            compose.networks?.[network]?.internal,
            true,
            `${name}: on non-internal network ${network}`,
          );
        }
      }
    });

    it('configures each service and worker: env, migrations, healthcheck, dependencies, media', () => {
      for (const [name, service] of [...composeApps(), ...composeWorkers()]) {
        const env = composeEnv(service);
        for (const variable of [...SERVICE_ENV, ...(EXTRA_ENV[name] ?? [])]) {
          assert.ok(variable in env, `compose ${name}: env ${variable} is not set`);
        }
        const pkg = composeBuildPackage(service) ?? '';
        assert.match(env.DATABASE_URL, new RegExp(`/kinora_${pkg}$`), `compose ${name}: its own database`);
        assert.ok(service.healthcheck?.test && !service.healthcheck.disable, `compose ${name}: healthcheck`);
        const deps = dependsOn(service);
        assert.equal(deps.postgres, 'service_healthy', `compose ${name}: waits for postgres`);
        assert.equal(deps.redis, 'service_healthy', `compose ${name}: waits for redis`);
        assert.equal(
          deps['kafka-init'],
          'service_completed_successfully',
          `compose ${name}: waits for the topics`,
        );
        const mountsMedia = (service.volumes ?? []).some(
          (v) => typeof v === 'string' && v.startsWith('media:'),
        );
        assert.equal(
          mountsMedia,
          MEDIA_WRITERS.includes(name) || MEDIA_READERS.includes(name),
          `compose ${name}: media volume`,
        );
        if (MEDIA_READERS.includes(name))
          assert.ok(service.volumes?.includes('media:/media:ro'), `compose ${name}: media read-only`);
        const mountsStudio = (service.volumes ?? []).includes('studio:/studio');
        assert.equal(mountsStudio, STUDIO_USERS.includes(name), `compose ${name}: studio volume`);
      }
      for (const [name, service] of composeApps()) {
        assert.match(
          composeCommand(service),
          /dist\/src\/migrate\.js && exec node dist\/src\/main\.js/,
          `${name}: command`,
        );
      }
      const ports = composeApps().map(([, service]) => composeEnv(service).PORT);
      assert.equal(new Set(ports).size, ports.length, 'service ports are distinct');
      assert.deepEqual(
        composeMounts(compose.services.gateway ?? {})
          .filter((mount) => mount.source !== IDENTITY_MARKS)
          .map((mount) => `${mount.source}:${mount.target}:${mount.readOnly ? 'ro' : 'rw'}`),
        ['media:/media:ro'],
        'gateway mounts media read-only (and, besides, only its identity marks)',
      );
      assert.ok(dependsOn(compose.services['kafka-init'] ?? {}).kafka, 'kafka-init waits for kafka');
      const sql = read('infra/compose/postgres-init.sql');
      for (const name of servicePackages) {
        assert.match(sql, new RegExp(`CREATE DATABASE kinora_${name};`), `postgres-init.sql: kinora_${name}`);
      }
    });
  });

  describe('Dockerfiles', () => {
    const dockerfile = (name: string) => read(`services/${name}/Dockerfile`);
    const port = (name: string) => composeEnv(compose.services[name] ?? {}).PORT;

    it('builds each service from the repo root, slim, as node, exposing its port', () => {
      for (const name of servicePackages) {
        assert.ok(
          existsSync(join(root, 'services', name, 'Dockerfile')),
          `services/${name}/Dockerfile is missing`,
        );
        const text = dockerfile(name);
        assert.match(text, /ARG NODE_IMAGE=node:20-bookworm-slim/, name);
        assert.match(
          text,
          new RegExp(`npm ci [^\\n]*-w @kinora/${name} -w @kinora/common -w @kinora/proto`),
          name,
        );
        assert.match(text, /npm ci --omit=dev /, `${name}: prunes dev dependencies`);
        assert.match(text, new RegExp(`tsc -b services/${name}\\n`), name);
        assert.match(text, /\nUSER node\n/, `${name}: runs as node`);
        assert.match(text, new RegExp(`\\nEXPOSE ${port(name)}\\n`), `${name}: EXPOSE matches compose PORT`);
        assert.match(text, /HEALTHCHECK[^\n]*\n[^\n]*\/health\/live/, `${name}: HEALTHCHECK`);
        assert.match(text, /CMD \["node", "dist\/src\/main\.js"\]/, name);
      }
      assert.match(dockerfile('catalog'), /ffmpeg/, 'catalog needs ffmpeg (media pipeline)');
    });

    it('keeps the Dockerfiles the same shape: only name and port differ, plus media additions', () => {
      const shape = (name: string) =>
        dockerfile(name).replaceAll(name, '<name>').replaceAll(port(name), '<port>');
      // catalog (media pipeline) and auth (avatars) add ffmpeg and the media directory.
      const withMedia = ['auth', 'catalog'];
      const plain = servicePackages.filter((name) => !withMedia.includes(name));
      const reference = shape(plain[0]).split('\n');
      for (const name of plain.slice(1))
        assert.deepEqual(shape(name).split('\n'), reference, `services/${name}/Dockerfile`);
      // The reference lines in order, plus lines of their own.
      for (const name of withMedia) {
        const lines = shape(name).split('\n');
        let at = 0;
        for (const line of reference.filter((l) => !l.startsWith('#') && !/^ {4}PORT=/.test(l))) {
          at = lines.indexOf(line, at);
          assert.ok(at >= 0, `services/${name}/Dockerfile lacks: ${line}`);
          at += 1;
        }
        assert.match(dockerfile(name), /ffmpeg/, `${name} needs ffmpeg`);
      }
    });

    it('keeps node_modules, build output and local state out of the build context', () => {
      const ignored = read('.dockerignore')
        .split('\n')
        .map((l) => l.trim());
      for (const entry of ['**/node_modules', '**/dist', '.run', '.cache', '.git', 'frontend/dist']) {
        assert.ok(ignored.includes(entry), `.dockerignore: ${entry}`);
      }
    });
  });

  // ---------------------------------------------------------------- (g)
  describe('signed session cookies: signing keys and the identity-marks sidecar', () => {
    it('compose: auth and the gateway take the signing keys from one value; auth has AUTH_SECRET and the TTL', () => {
      const auth = composeEnv(compose.services.auth ?? {});
      const gateway = composeEnv(compose.services.gateway ?? {});
      assert.ok(auth.SESSION_SIGNING_KEYS, 'compose auth: SESSION_SIGNING_KEYS is not set');
      assert.equal(
        gateway.KINORA_SESSION_SIGNING_KEYS,
        auth.SESSION_SIGNING_KEYS,
        'compose gateway: KINORA_SESSION_SIGNING_KEYS must be the same value as auth SESSION_SIGNING_KEYS',
      );
      // What runs when the shell sets nothing: auth (NODE_ENV=production in its image) must accept it.
      const keys = composeDefault(auth.SESSION_SIGNING_KEYS).split(',');
      for (const key of keys) {
        assert.ok(key.trim().length >= 32, 'compose: each default signing key needs 32 characters or more');
        assert.notEqual(key.trim(), AUTH_DEV_SIGNING_KEY, 'compose: auth refuses its own development key');
      }
      assert.ok(
        composeDefault(auth.AUTH_SECRET ?? '').length >= 16,
        'compose auth: AUTH_SECRET (16 characters or more) is required in production',
      );
      assert.ok(auth.SESSION_TOKEN_TTL_SECONDS, 'compose auth: SESSION_TOKEN_TTL_SECONDS is not set');
      for (const [name, service] of composeServices()) {
        if (name === 'auth' || name === 'gateway') continue;
        const env = composeEnv(service);
        assert.ok(
          !('SESSION_SIGNING_KEYS' in env) && !('KINORA_SESSION_SIGNING_KEYS' in env),
          `compose ${name}: only auth and the gateway hold the signing keys`,
        );
      }
    });

    it('compose: identity-marks runs beside the gateway, sharing its in-memory marks volume', () => {
      const sidecar = compose.services[IDENTITY_MARKS];
      assert.ok(sidecar, `compose: no ${IDENTITY_MARKS} service beside the gateway`);
      const gateway = compose.services.gateway ?? {};
      assert.ok(
        typeof sidecar.build === 'object' && sidecar.build.dockerfile === IDENTITY_MARKS_DOCKERFILE,
        `compose ${IDENTITY_MARKS}: builds ${IDENTITY_MARKS_DOCKERFILE}`,
      );
      const env = composeEnv(sidecar);
      const auth = composeEnv(compose.services.auth ?? {});
      for (const name of ['REDIS_URL', 'REDIS_PREFIX']) {
        assert.equal(env[name], auth[name], `compose ${IDENTITY_MARKS}: ${name} as the services'`);
      }
      assert.equal(
        env.SESSION_TOKEN_TTL_SECONDS,
        auth.SESSION_TOKEN_TTL_SECONDS,
        `compose ${IDENTITY_MARKS}: SESSION_TOKEN_TTL_SECONDS as auth's`,
      );
      const dir = env.IDENTITY_MARKS_DIR;
      assert.ok(
        dir?.startsWith('/'),
        `compose ${IDENTITY_MARKS}: IDENTITY_MARKS_DIR is not an absolute path`,
      );
      assert.equal(
        composeEnv(gateway).IDENTITY_MARKS_DIR,
        dir,
        'compose gateway: IDENTITY_MARKS_DIR as identity-marks',
      );

      const marksMount = (name: string, service: ComposeService) => {
        const mounts = composeMounts(service).filter((mount) => mount.target === dir);
        assert.equal(
          mounts.length,
          1,
          `compose ${name}: mounts nothing (or twice) at IDENTITY_MARKS_DIR ${dir}`,
        );
        return mounts[0];
      };
      const written = marksMount(IDENTITY_MARKS, sidecar);
      const read = marksMount('gateway', gateway);
      assert.equal(
        read.source,
        written.source,
        'compose: the gateway and identity-marks share one marks volume',
      );
      assert.equal(read.readOnly, true, 'compose gateway: the marks are read-only for nginx');
      assert.equal(written.readOnly, false, `compose ${IDENTITY_MARKS}: writes the marks`);
      // A named volume (a bind mount or per-container tmpfs would not be shared), in memory, never
      // seeded from an image (which would decide its owner), owned by the sidecar's user (node).
      const volume = compose.volumes?.[written.source];
      assert.ok(
        volume !== undefined,
        `compose: the marks volume ${written.source} is not a declared named volume`,
      );
      assert.equal(volume?.driver_opts?.type, 'tmpfs', `compose volume ${written.source}: tmpfs`);
      assert.match(
        volume?.driver_opts?.o ?? '',
        /(^|,)uid=1000(,|$)/,
        `compose volume ${written.source}: owned by node`,
      );
      assert.ok(written.nocopy && read.nocopy, `compose: mount ${written.source} with volume.nocopy`);
      for (const [name, service] of composeServices()) {
        if (name === IDENTITY_MARKS || name === 'gateway') continue;
        assert.ok(
          !composeMounts(service).some((mount) => mount.source === written.source),
          `compose ${name}: mounts the gateway's marks volume`,
        );
      }

      assert.equal(dependsOn(sidecar).redis, 'service_healthy', `compose ${IDENTITY_MARKS}: waits for redis`);
      assert.ok(IDENTITY_MARKS in dependsOn(gateway), `compose gateway: starts ${IDENTITY_MARKS} with it`);
      assert.ok(
        names(sidecar.networks).some((network) => names(compose.services.redis?.networks).includes(network)),
        `compose ${IDENTITY_MARKS}: shares no network with redis`,
      );
      assert.deepEqual(sidecar.ports ?? [], [], `compose ${IDENTITY_MARKS}: publishes nothing`);
    });

    it('k8s: auth and the gateway take the signing keys from one Secret key; auth has AUTH_SECRET and the TTL', () => {
      for (const [dir, objects] of renders()) {
        const container = (deployment: string, name: string) => {
          const found = podOf(named(objects, 'Deployment', deployment) ?? ({} as K8sObject)).containers.find(
            (c) => c.name === name,
          );
          assert.ok(found, `${dir}: no container ${name} in Deployment ${deployment}`);
          return found;
        };
        const auth = container('auth', 'auth');
        const gateway = container('gateway', 'gateway');
        const keys = envSource(auth, 'SESSION_SIGNING_KEYS', objects);
        assert.ok(keys && 'secret' in keys, `${dir} auth: SESSION_SIGNING_KEYS comes from a Secret`);
        assert.deepEqual(
          envSource(gateway, 'KINORA_SESSION_SIGNING_KEYS', objects),
          keys,
          `${dir} gateway: KINORA_SESSION_SIGNING_KEYS must be the Secret key auth signs with`,
        );
        const secret = envSource(auth, 'AUTH_SECRET', objects);
        assert.ok(secret && 'secret' in secret, `${dir} auth: AUTH_SECRET comes from a Secret`);
        const ttl = resolvedEnv(auth, 'SESSION_TOKEN_TTL_SECONDS', objects);
        assert.ok(
          ttl && Number(ttl) >= 10 && Number(ttl) <= 3600,
          `${dir} auth: SESSION_TOKEN_TTL_SECONDS (10-3600)`,
        );
        for (const map of byKind(objects, 'ConfigMap')) {
          for (const name of ['SESSION_SIGNING_KEYS', 'KINORA_SESSION_SIGNING_KEYS', 'AUTH_SECRET'])
            assert.ok(
              !(name in (map.data ?? {})),
              `${dir} ConfigMap ${nameOf(map)}: ${name} belongs in a Secret`,
            );
        }
      }
    });

    it('k8s: every gateway pod runs identity-marks, sharing an in-memory emptyDir at IDENTITY_MARKS_DIR', () => {
      for (const [dir, objects] of renders()) {
        const deployment = named(objects, 'Deployment', 'gateway');
        assert.ok(deployment, `${dir}: no gateway Deployment`);
        const pod = podOf(deployment);
        assert.equal(
          pod.containers[0]?.name,
          'gateway',
          `${dir}: nginx is the gateway pod's first container`,
        );
        const gateway = pod.containers[0];
        const sidecar = pod.containers.find((c) => c.name === IDENTITY_MARKS);
        assert.ok(sidecar, `${dir}: no ${IDENTITY_MARKS} container in the gateway pod`);
        assert.match(sidecar.image ?? '', /kinora\/identity-marks(:|$)/, `${dir} ${IDENTITY_MARKS}: image`);
        assert.ok(
          !byKind(objects, 'Deployment').some(
            (d) => d !== deployment && podOf(d).containers.some((c) => c.name === IDENTITY_MARKS),
          ),
          `${dir}: ${IDENTITY_MARKS} runs in a pod without a gateway`,
        );

        const marksDir = resolvedEnv(sidecar, 'IDENTITY_MARKS_DIR', objects);
        assert.ok(
          marksDir?.startsWith('/'),
          `${dir} ${IDENTITY_MARKS}: IDENTITY_MARKS_DIR is not an absolute path`,
        );
        assert.equal(
          resolvedEnv(gateway, 'IDENTITY_MARKS_DIR', objects),
          marksDir,
          `${dir} gateway: IDENTITY_MARKS_DIR`,
        );
        const mountAt = (container: Container) => {
          const mounts = (container.volumeMounts ?? []).filter((m) => m.mountPath === marksDir);
          assert.equal(
            mounts.length,
            1,
            `${dir} ${container.name}: mounts nothing (or twice) at IDENTITY_MARKS_DIR ${marksDir}`,
          );
          return mounts[0];
        };
        const written = mountAt(sidecar);
        const read = mountAt(gateway);
        assert.equal(read.name, written.name, `${dir}: the gateway and ${IDENTITY_MARKS} share one volume`);
        assert.equal(read.readOnly, true, `${dir} gateway: the marks are read-only for nginx`);
        assert.notEqual(written.readOnly, true, `${dir} ${IDENTITY_MARKS}: writes the marks`);
        const volume = pod.volumes?.find((v) => v.name === written.name);
        assert.equal(volume?.emptyDir?.medium, 'Memory', `${dir}: the marks volume is an emptyDir in memory`);

        // Same Redis, prefix and cookie lifetime as the services and auth.
        const auth = podOf(named(objects, 'Deployment', 'auth') ?? ({} as K8sObject)).containers[0];
        assert.deepEqual(
          envSource(sidecar, 'REDIS_URL', objects),
          envSource(auth, 'REDIS_URL', objects),
          `${dir} ${IDENTITY_MARKS}: REDIS_URL`,
        );
        for (const name of ['REDIS_PREFIX', 'SESSION_TOKEN_TTL_SECONDS']) {
          const value = resolvedEnv(sidecar, name, objects);
          assert.ok(value !== undefined, `${dir} ${IDENTITY_MARKS}: ${name} is not set`);
          assert.equal(
            value,
            resolvedEnv(auth, name, objects),
            `${dir} ${IDENTITY_MARKS}: ${name} as auth's`,
          );
        }
        assert.equal(sidecar.securityContext?.runAsNonRoot, true, `${dir} ${IDENTITY_MARKS}: runAsNonRoot`);
        if (sidecar.securityContext?.readOnlyRootFilesystem) {
          assert.ok(
            sidecar.volumeMounts?.some((m) => m.mountPath === '/tmp'),
            `${dir} ${IDENTITY_MARKS}: tsx needs a writable /tmp under a read-only root filesystem`,
          );
        }
        // Its readiness counts for the pod: a Redis outage must not take the gateway out of rotation.
        assert.doesNotMatch(
          JSON.stringify(sidecar.readinessProbe),
          /\.alive|redis/i,
          `${dir} ${IDENTITY_MARKS}: readiness must not depend on the identity stream`,
        );

        // The NetworkPolicies restrict ingress only; one restricting the gateway pods' egress would cut
        // the sidecar off from Redis (and nginx from the services): such a policy needs a rule for both.
        const labels = deployment.spec?.template?.metadata?.labels;
        for (const policy of byKind(objects, 'NetworkPolicy')) {
          if (!selects(policy.spec?.podSelector, labels)) continue;
          assert.ok(
            !(policy.spec?.policyTypes ?? []).includes('Egress'),
            `${dir} NetworkPolicy ${nameOf(policy)} restricts the gateway pods' egress: allow Redis for ${IDENTITY_MARKS}, then update this check`,
          );
        }
      }
    });

    it('the staging overlay maps every image, the sidecar included, to its registry', () => {
      for (const deployment of [...byKind(staging, 'Deployment'), ...byKind(staging, 'Job')]) {
        const pod = podOf(deployment);
        for (const container of [...pod.containers, ...(pod.initContainers ?? [])]) {
          assert.doesNotMatch(
            container.image ?? '',
            /^kinora\//,
            `staging ${nameOf(deployment)}/${container.name}: image ${container.image} is not in the overlay's images:`,
          );
        }
      }
    });

    it('the gateway image carries every file nginx.conf loads and a default for every placeholder', () => {
      const dockerfile = read('gateway/Dockerfile');
      const copied = [...dockerfile.matchAll(/^COPY\s+(?!--from)(.+)\s+\/etc\/nginx\/\s*$/gm)].flatMap(
        ([, files]) => files.split(/\s+/),
      );
      for (const file of GATEWAY_CONF_FILES) {
        assert.ok(
          copied.includes(`gateway/${file}`),
          `gateway/Dockerfile does not copy gateway/${file} to /etc/nginx/`,
        );
      }
      // envsubst only replaces variables that are set: an unset one is left as ${NAME} for nginx to choke on.
      const env = dockerfileEnv(dockerfile);
      for (const name of GATEWAY_VAR_NAMES) {
        assert.ok(env[name], `gateway/Dockerfile: no ENV default for the template placeholder \${${name}}`);
      }
      const sidecarEnv = dockerfileEnv(read(IDENTITY_MARKS_DOCKERFILE));
      assert.equal(
        sidecarEnv.IDENTITY_MARKS_DIR,
        env.IDENTITY_MARKS_DIR,
        'both images default IDENTITY_MARKS_DIR alike',
      );
      assert.equal(
        composeEnv(compose.services[IDENTITY_MARKS] ?? {}).IDENTITY_MARKS_DIR,
        env.IDENTITY_MARKS_DIR,
        "compose's IDENTITY_MARKS_DIR is the images' default",
      );
      for (const [dir, objects] of renders()) {
        assert.equal(
          named(objects, 'ConfigMap', 'kinora-config')?.data?.IDENTITY_MARKS_DIR,
          env.IDENTITY_MARKS_DIR,
          `${dir}: kinora-config IDENTITY_MARKS_DIR is the images' default`,
        );
      }
    });

    it('the identity-marks image runs gateway/identity-marks.ts with every package it imports', () => {
      const dockerfile = read(IDENTITY_MARKS_DOCKERFILE);
      assert.match(dockerfile, /ARG NODE_IMAGE=node:20-bookworm-slim/, "the services' Node image");
      assert.match(dockerfile, /^COPY gateway\/identity-marks\.ts gateway\/$/m, 'copies the source');
      assert.match(dockerfile, /\nUSER node\n/, 'runs as node');
      assert.match(
        dockerfile,
        /CMD \["node", "--import", "tsx", "gateway\/identity-marks\.ts"\]/,
        'runs the source with tsx (it starts only as identity-marks.ts)',
      );
      const installed = /for \(const name of \[([^\]]+)\]\)/
        .exec(dockerfile)?.[1]
        ?.match(/'[^']+'/g)
        ?.map((n) => n.slice(1, -1));
      assert.ok(installed?.includes('tsx'), `${IDENTITY_MARKS_DOCKERFILE}: installs no tsx`);
      const source = read('gateway/identity-marks.ts');
      for (const [, specifier] of source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)) {
        if (specifier.startsWith('node:')) continue;
        assert.ok(
          !specifier.startsWith('.'),
          `gateway/identity-marks.ts imports ${specifier}, which the image does not copy`,
        );
        const pkg = specifier.startsWith('@')
          ? specifier.split('/').slice(0, 2).join('/')
          : specifier.split('/')[0];
        assert.ok(
          installed?.includes(pkg),
          `${IDENTITY_MARKS_DOCKERFILE}: does not install ${pkg}, which identity-marks.ts imports`,
        );
        if (pkg.startsWith('@kinora/')) {
          assert.match(
            dockerfile,
            new RegExp(`tsc -b ${pkg.slice('@kinora/'.length)}\\n`),
            `${IDENTITY_MARKS_DOCKERFILE}: compiles ${pkg}`,
          );
        }
      }
    });
  });

  // ---------------------------------------------------------------- (f)
  it('docker compose config -q accepts the file (when a compose CLI is available)', (t) => {
    const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8', timeout: 10_000 });
    if (version.error || version.status !== 0) {
      t.diagnostic('docker compose is not available here; skipped `docker compose config -q`');
      t.skip('no docker compose CLI');
      return;
    }
    const result = spawnSync('docker', ['compose', '-f', join(root, 'docker-compose.yml'), 'config', '-q'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(result.status, 0, result.stderr);
  });
});
