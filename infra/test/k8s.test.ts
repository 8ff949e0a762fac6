// Static checks of Kinora's k8s kustomize base and staging overlay, offline (kubectl kustomize only):
//   (a) both kustomizations render with `kubectl kustomize`;
//   (b) every rendered object validates against the Kubernetes schemas (kubernetes-models; the Prometheus
//       Operator's kinds are checked by k8s-observability.test.ts);
//   (c) the checks of k8s-checks/ (each a pure function, unit-tested on broken copies by
//       k8s-checks.test.ts): every workload's selector, probes, resources and security context; the
//       images are exactly those compose builds; HPAs and PodDisruptionBudgets; NetworkPolicies deny
//       by default and allow exactly the connections the topology needs;
//   (d) services and workers: probes, metrics, env, shared volumes, the Kafka topics Job;
//   (e) services/, docker-compose.yml and the k8s Deployments name the same services and workers.
// The gateway pod (signing keys, identity-marks, nginx's writable paths) is checked by
// k8s-gateway.test.ts; docker-compose.yml and the Dockerfiles by deploy.test.ts.
//
//   node --import tsx --test infra/test/k8s.test.ts
// KUBECTL overrides the kubectl binary (default: kubectl on PATH).
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, describe, it } from 'node:test';
import { parse } from 'yaml';
import {
  adapterRulesOf,
  ADAPTER_RULES,
  checkAutoscaling,
  checkDisruptionBudgets,
  servedMetrics,
} from './k8s-checks/autoscaling';
import { checkNetworkPolicies } from './k8s-checks/network';
import { checkImages, checkWorkloads, composeBuiltRepositories, imageRenames } from './k8s-checks/workloads';
import {
  byKind,
  composeEnv,
  composeWorkers,
  containerEnvNames,
  deploymentsByRole,
  envValue,
  EXTRA_ENV,
  loadCompose,
  MEDIA_READERS,
  MEDIA_WRITERS,
  named,
  nameOf,
  podOf,
  read,
  render,
  selects,
  SERVICE_ENV,
  servicePackages,
  sorted,
  STUDIO_USERS,
  type ComposeFile,
  type K8sObject,
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

/** Sized by an HPA: the parts ops scale independently (ads, analytics, the two workers). */
const AUTOSCALED = ['ads', 'analytics', 'analytics-worker', 'catalog-worker'];
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

    it('resolves every Service selector, named port, ConfigMap, Secret key and volume claim', () => {
      for (const [dir, objects] of renders()) {
        const pods = objects.filter((o) => o.spec?.template);
        for (const workload of pods) {
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
  describe('k8s-checks', () => {
    it('gives every workload a selector, probes, requests + limits and a restricted security context', () => {
      for (const [dir, objects] of renders()) assert.deepEqual(checkWorkloads(objects), [], dir);
    });

    it('runs exactly the images compose builds; staging maps each to its registry, tagged', () => {
      const built = composeBuiltRepositories(compose);
      assert.deepEqual(checkImages(base, built), [], 'k8s/base');
      const overlay = parse(read('k8s/overlays/staging/kustomization.yaml')) as {
        images?: { name: string; newName?: string }[];
      };
      const renames = imageRenames(overlay.images);
      assert.deepEqual(checkImages(staging, built, { renames, pinned: true }), [], 'k8s/overlays/staging');
    });

    it('sizes ads, analytics and both workers by HPAs: CPU in base, custom metrics the adapter serves in staging', () => {
      // base must do without prometheus-adapter (an unreadable metric blocks every scale-down).
      assert.deepEqual(checkAutoscaling(base, { served: new Set(), autoscaled: AUTOSCALED }), [], 'k8s/base');
      const served = servedMetrics(
        adapterRulesOf(parse(read(ADAPTER_RULES)) as { data?: Record<string, string> }),
      );
      assert.deepEqual(
        checkAutoscaling(staging, { served, autoscaled: AUTOSCALED }),
        [],
        'k8s/overlays/staging',
      );
    });

    it('gives every Deployment running several pods a PodDisruptionBudget that lets a drain through', () => {
      for (const [dir, objects] of renders()) assert.deepEqual(checkDisruptionBudgets(objects), [], dir);
    });

    it('denies every connection by default and allows exactly those the topology needs', () => {
      for (const [dir, objects] of renders()) assert.deepEqual(checkNetworkPolicies(objects), [], dir);
    });
  });

  // ---------------------------------------------------------------- (d)
  describe('services and workers', () => {
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
        // Given exactly what the script reads: the NetworkPolicies open a pod to the addresses it gets.
        assert.deepEqual(
          sorted(containerEnvNames(container, objects)),
          sorted([...composeScript.matchAll(/\benv\.(\w+)/g)].map(([, name]) => name)),
          `${dir} Job: env is not the variables its script reads`,
        );
      }
    });
  });

  // ---------------------------------------------------------------- (e)
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
  });
});
