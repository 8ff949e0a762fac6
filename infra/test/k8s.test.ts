// Static checks of Kinora's k8s kustomize base and staging overlay, offline (kubectl kustomize only).
// The checks are pure functions in infra/test/k8s-checks/ (unit-tested on broken copies by
// k8s-checks.test.ts), each returning its problems:
//   (a) both kustomizations render with `kubectl kustomize`, and (b) every rendered object validates
//       against the Kubernetes schemas (kubernetes-models; the Prometheus Operator's kinds are checked
//       by k8s-observability.test.ts), its names resolving (rendered.ts);
//   (c) every workload's selector, probes, resources and security context (workloads.ts); the
//       images are exactly those compose builds (workloads.ts); HPAs and PodDisruptionBudgets
//       (autoscaling.ts); NetworkPolicies deny by default and allow exactly the connections the
//       topology needs (network.ts);
//   (d) services and workers: probes, metrics, env, shared volumes (apps.ts), the Kafka topics Job;
//   (e) services/, docker-compose.yml and the k8s Deployments name the same services and workers
//       (compose-parity.ts).
// The gateway pod (signing keys, identity-marks, nginx's writable paths) is checked by
// k8s-gateway.test.ts; docker-compose.yml and the Dockerfiles by deploy.test.ts.
//
//   node --import tsx --test infra/test/k8s.test.ts
// KUBECTL overrides the kubectl binary (default: kubectl on PATH).
import { before, describe } from 'node:test';
import { checkAppPods, checkMediaVolume, checkStudioVolume } from './k8s-checks/apps';
import {
  adapterRulesOf,
  AUTOSCALED,
  checkAutoscaling,
  checkDisruptionBudgets,
  readAdapterConfigMap,
  servedMetrics,
} from './k8s-checks/autoscaling';
import {
  checkComposeTopicsScript,
  checkDeploysPackages,
  checkTopicsJob,
  checkUpstreams,
  checkWorkers,
} from './k8s-checks/compose-parity';
import { checkNetworkPolicies } from './k8s-checks/network';
import {
  checkNamespace,
  checkPartOf,
  checkReferences,
  checkRendered,
  checkSchemas,
} from './k8s-checks/rendered';
import {
  checkImages,
  checkWorkloads,
  composeBuiltRepositories,
  overlayRenames,
} from './k8s-checks/workloads';
import { BASE, loadCompose, renderBoth, STAGING, type Renders } from './manifests/files';
import type { ComposeFile } from './manifests/shapes';
import { inEach, itFindsNoProblems, under } from './problems';

describe('k8s: the kustomize base and the staging overlay', () => {
  let k8s: Renders;
  let compose: ComposeFile;

  before(() => {
    k8s = renderBoth();
    compose = loadCompose();
  });

  // ---------------------------------------------------------------- (a) + (b)
  describe('k8s renders and validates', () => {
    itFindsNoProblems({
      'renders both kustomizations with kubectl kustomize': () => inEach(k8s.both, checkRendered),
      'validates every rendered object against the Kubernetes schemas (unknown kinds fail)': () =>
        inEach(k8s.both, checkSchemas),
      'labels every object app.kubernetes.io/part-of: kinora and puts staging in kinora-staging': () => [
        ...inEach(k8s.both, checkPartOf),
        ...under(STAGING, checkNamespace(k8s.staging, 'kinora-staging')),
      ],
      'resolves every Service selector, named port, ConfigMap, Secret key and volume claim': () =>
        inEach(k8s.both, checkReferences),
    });
  });

  // ---------------------------------------------------------------- (c)
  describe('k8s-checks', () => {
    itFindsNoProblems({
      'gives every workload a selector, probes, requests + limits and a restricted security context': () =>
        inEach(k8s.both, (objects) => checkWorkloads(objects)),
      'runs exactly the images compose builds; staging maps each to its registry, tagged': () => {
        const built = composeBuiltRepositories(compose);
        return [
          ...under(BASE, checkImages(k8s.base, built)),
          ...under(
            STAGING,
            checkImages(k8s.staging, built, { renames: overlayRenames(STAGING), pinned: true }),
          ),
        ];
      },
      'sizes ads, analytics and both workers by HPAs: CPU in base, custom metrics the adapter serves in staging':
        () => [
          // base must do without prometheus-adapter (an unreadable metric blocks every scale-down).
          ...under(BASE, checkAutoscaling(k8s.base, { served: new Set(), autoscaled: AUTOSCALED })),
          ...under(
            STAGING,
            checkAutoscaling(k8s.staging, {
              served: servedMetrics(adapterRulesOf(readAdapterConfigMap())),
              autoscaled: AUTOSCALED,
            }),
          ),
        ],
      'gives every Deployment running several pods a PodDisruptionBudget that lets a drain through': () =>
        inEach(k8s.both, checkDisruptionBudgets),
      'denies every connection by default and allows exactly those the topology needs': () =>
        inEach(k8s.both, checkNetworkPolicies),
    });
  });

  // ---------------------------------------------------------------- (d)
  describe('services and workers', () => {
    itFindsNoProblems({
      'runs services and workers as non-root with /health readiness, /health/live liveness and /metrics scraping':
        () => inEach(k8s.both, checkAppPods),
      'shares the ReadWriteMany studio volume (sources, uploads) between catalog and catalog-worker only':
        () => inEach(k8s.both, checkStudioVolume),
      'shares the ReadWriteMany media volume between catalog + catalog-worker (rw) and the gateway (ro)':
        () => inEach(k8s.both, checkMediaVolume),
      'creates the Kafka topics with a Job running the same script as compose kafka-init': () => [
        ...checkComposeTopicsScript(compose),
        ...inEach(k8s.both, (objects) => checkTopicsJob(objects, compose)),
      ],
    });
  });

  // ---------------------------------------------------------------- (e)
  describe('consistency: services/, compose and k8s agree', () => {
    itFindsNoProblems({
      'k8s deploys exactly the service packages (besides gateway and workers)': () =>
        inEach(k8s.both, checkDeploysPackages),
      'the gateway gets <SERVICE>_UPSTREAM = <service>:<PORT> and MEDIA_ROOT; ports as in compose': () =>
        inEach(k8s.both, (objects) => checkUpstreams(objects, compose)),
      'runs the workers compose runs: worker.js of their service package, from its image, no Service': () =>
        inEach(k8s.both, (objects) => checkWorkers(objects, compose)),
    });
  });
});
