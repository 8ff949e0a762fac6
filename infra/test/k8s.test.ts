// Static checks of Kinora's k8s kustomize base and staging overlay, offline (kubectl kustomize only):
//   (a) both kustomizations render with `kubectl kustomize`;
//   (b) every rendered object validates against the Kubernetes schemas (kubernetes-models; the Prometheus
//       Operator's kinds are checked by k8s-observability.test.ts);
//   (c) every Deployment container has readiness + liveness probes and resource requests + limits;
//   (d) services/, docker-compose.yml and the k8s Deployments name the same services; workers, HPAs and
//       NetworkPolicies are where the architecture puts them;
//   (e) signed session cookies: auth and the gateway take the signing keys from one Secret key, and an
//       identity-marks container runs in every gateway pod sharing its marks directory.
// docker-compose.yml and the Dockerfiles themselves are checked by deploy.test.ts.
//
//   node --import tsx --test infra/test/k8s.test.ts
// KUBECTL overrides the kubectl binary (default: kubectl on PATH).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, it } from 'node:test';
import {
  byKind,
  composeEnv,
  composeWorkers,
  containerEnvNames,
  deploymentsByRole,
  dockerfileEnv,
  envSource,
  envValue,
  EXTRA_ENV,
  IDENTITY_MARKS,
  loadCompose,
  MEDIA_READERS,
  MEDIA_WRITERS,
  named,
  nameOf,
  podOf,
  read,
  render,
  resolvedEnv,
  selects,
  SERVICE_ENV,
  servicePackages,
  sorted,
  STUDIO_USERS,
  type ComposeFile,
  type Container,
  type K8sObject,
  type NetworkPolicyPeer,
} from './manifests';

const requireFromHere = createRequire(__filename);

interface Model {
  validate(): void;
}
type ModelClass = new (data: unknown) => Model;

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

/** Autoscaled on CPU: the parts ops scale independently. */
const AUTOSCALED = ['ads', 'analytics', 'analytics-worker'];
/**
 * Prometheus Operator kinds (from k8s/components/monitoring), which kubernetes-models has no schema
 * for: infra/test/k8s-observability.test.ts checks their shape and what they select.
 */
const OPERATOR_KINDS = ['monitoring.coreos.com/v1 ServiceMonitor', 'monitoring.coreos.com/v1 PodMonitor'];

describe('k8s: the kustomize base and the staging overlay', () => {
  let base: K8sObject[] = [];
  let staging: K8sObject[] = [];
  let compose: ComposeFile;

  before(() => {
    base = render('k8s/base');
    staging = render('k8s/overlays/staging');
    compose = loadCompose();
  });

  const renders = (): [string, K8sObject[]][] => [
    ['k8s/base', base],
    ['k8s/overlays/staging', staging],
  ];

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
  describe('consistency: services/, compose and k8s agree', () => {
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

    it('the gateway gets <SERVICE>_UPSTREAM = <service>:<PORT> and MEDIA_ROOT; ports as in compose', () => {
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

    it('runs the workers compose runs: worker.js of their service package, from its image, no Service', () => {
      const composeWorkerNames = sorted(composeWorkers(compose).map(([name]) => name));
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
  describe('signed session cookies: signing keys and the identity-marks sidecar', () => {
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

    it("sets kinora-config's IDENTITY_MARKS_DIR to the gateway image's default", () => {
      const env = dockerfileEnv(read('gateway/Dockerfile'));
      for (const [dir, objects] of renders()) {
        assert.equal(
          named(objects, 'ConfigMap', 'kinora-config')?.data?.IDENTITY_MARKS_DIR,
          env.IDENTITY_MARKS_DIR,
          `${dir}: kinora-config IDENTITY_MARKS_DIR is the images' default`,
        );
      }
    });
  });
});
