// Unit tests of the k8s checks (infra/test/k8s-checks/): each check, fed a copy of the rendered base or
// staging overlay broken in one way, reports that breakage (k8s.test.ts runs them on the real renders,
// where they report nothing).
//
//   node --import tsx --test infra/test/k8s-checks.test.ts
// KUBECTL overrides the kubectl binary (default: kubectl on PATH).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  adapterRulesOf,
  AUTOSCALED,
  checkAutoscaling,
  checkDisruptionBudgets,
  readAdapterConfigMap,
  servedMetrics,
} from './k8s-checks/autoscaling';
import { checkNetworkPolicies } from './k8s-checks/network';
import {
  checkImages,
  checkWorkloads,
  composeBuiltRepositories,
  overlayRenames,
} from './k8s-checks/workloads';
import { loadCompose, renderBoth, STAGING } from './manifests/files';
import { named, podOf } from './manifests/k8s';
import type { K8sObject } from './manifests/shapes';

/** Asserts that `problems` has one containing `fragment`, and shows them all when it has not. */
function reports(problems: string[], fragment: string): void {
  assert.ok(
    problems.some((problem) => problem.includes(fragment)),
    `no problem mentions "${fragment}"; reported:\n  ${problems.join('\n  ') || '(none)'}`,
  );
}

describe('k8s-checks: a broken copy of the manifests fails its check', () => {
  let base: K8sObject[] = [];
  let staging: K8sObject[] = [];
  let served = new Set<string>();
  let built: string[] = [];

  before(() => {
    ({ base, staging } = renderBoth());
    served = servedMetrics(adapterRulesOf(readAdapterConfigMap()));
    built = composeBuiltRepositories(loadCompose());
  });

  /** A deep copy of `objects` and, from it, the object of this kind and name. */
  function broken(objects: K8sObject[], kind: string, name: string): [K8sObject[], K8sObject] {
    const copy = structuredClone(objects);
    const found = named(copy, kind, name);
    assert.ok(found, `no ${kind} ${name} to break`);
    return [copy, found];
  }
  const autoscaling = (objects: K8sObject[]) => checkAutoscaling(objects, { served, autoscaled: AUTOSCALED });

  it('reports nothing on the unbroken renders (the baseline of every case below)', () => {
    for (const objects of [base, staging]) {
      assert.deepEqual(checkWorkloads(objects), []);
      assert.deepEqual(checkDisruptionBudgets(objects), []);
      assert.deepEqual(checkNetworkPolicies(objects), []);
    }
    assert.deepEqual(autoscaling(staging), []);
  });

  describe('checkWorkloads', () => {
    it('fails a Deployment missing its selector, or whose selector misses its pods', () => {
      const [objects, auth] = broken(base, 'Deployment', 'auth');
      delete auth.spec?.selector;
      reports(checkWorkloads(objects), 'Deployment auth: no spec.selector');
      const [other, catalog] = broken(base, 'Deployment', 'catalog');
      catalog.spec!.selector!.matchLabels = { 'app.kubernetes.io/name': 'catalogue' };
      reports(checkWorkloads(other), 'Deployment catalog: spec.selector does not select its pods');
    });

    it('fails a container without probes or limits', () => {
      const [objects, ads] = broken(base, 'Deployment', 'ads');
      delete podOf(ads).containers[0].readinessProbe;
      delete podOf(ads).initContainers?.[0].resources?.limits?.memory;
      const problems = checkWorkloads(objects);
      reports(problems, 'ads/ads: no readinessProbe');
      reports(problems, 'ads/migrate: no limits.memory');
    });

    it('fails root, privilege escalation, added capabilities and a missing seccomp profile', () => {
      const [objects, worker] = broken(staging, 'Deployment', 'catalog-worker');
      const pod = podOf(worker);
      pod.securityContext = { runAsUser: 0 };
      pod.containers[0].securityContext = {
        ...pod.containers[0].securityContext,
        allowPrivilegeEscalation: true,
        capabilities: { add: ['SYS_ADMIN'] },
      };
      const problems = checkWorkloads(objects);
      for (const fragment of [
        'catalog-worker/catalog-worker: not runAsNonRoot',
        'catalog-worker/catalog-worker: runAsUser 0',
        'allowPrivilegeEscalation is not false',
        'capabilities do not drop ALL',
        'adds capabilities SYS_ADMIN',
        'Deployment catalog-worker: pod securityContext.seccompProfile is not RuntimeDefault',
      ])
        reports(problems, fragment);
    });

    it('fails a writable root filesystem unless the allow list says why, and a stale allow list entry', () => {
      const [objects, gateway] = broken(base, 'Deployment', 'gateway');
      podOf(gateway).containers[0].securityContext!.readOnlyRootFilesystem = false;
      reports(checkWorkloads(objects), 'gateway/gateway: root filesystem is writable');
      assert.deepEqual(checkWorkloads(objects, { 'gateway/gateway': 'a reason' }), []);
      reports(checkWorkloads(base, { 'gone/gone': 'a reason' }), 'gone/gone is no container (stale entry)');
    });
  });

  describe('checkImages', () => {
    it('fails an image compose does not build, and a built image no workload runs', () => {
      const [objects, social] = broken(base, 'Deployment', 'social');
      for (const container of [...podOf(social).containers, ...(podOf(social).initContainers ?? [])])
        container.image = 'kinora/sociable';
      const problems = checkImages(objects, built);
      reports(problems, 'image kinora/sociable is not one compose builds');
      reports(problems, 'compose builds kinora/social, which no workload runs');
      reports(checkImages(base, [...built, 'kinora/extra']), 'compose builds kinora/extra');
    });

    it("fails a staging image the overlay's images: do not map, or that has no tag", () => {
      const renames = overlayRenames(STAGING);
      const [objects, admin] = broken(staging, 'Deployment', 'admin');
      podOf(admin).containers[0].image = 'kinora/admin';
      const problems = checkImages(objects, built, { renames, pinned: true });
      reports(problems, "image kinora/admin is not mapped by the overlay's images:");
      reports(problems, 'image kinora/admin has no tag');
    });
  });

  describe('checkAutoscaling', () => {
    it('fails an HPA on a metric no prometheus-adapter rule provides', () => {
      const [objects, hpa] = broken(staging, 'HorizontalPodAutoscaler', 'ads');
      hpa.spec?.metrics?.push({
        type: 'Pods',
        pods: {
          metric: { name: 'ad_clicks_per_second' },
          target: { type: 'AverageValue', averageValue: '10' },
        },
      });
      reports(
        autoscaling(objects),
        'custom metric ad_clicks_per_second is served by no prometheus-adapter rule',
      );
      // The base runs without the adapter: any custom metric there fails.
      reports(checkAutoscaling(staging, { served: new Set(), autoscaled: AUTOSCALED }), 'is served by no');
    });

    it('fails an HPA scaling a Deployment that does not exist, and a Deployment left without one', () => {
      const [objects, hpa] = broken(staging, 'HorizontalPodAutoscaler', 'catalog-worker');
      hpa.spec!.scaleTargetRef!.name = 'media-worker';
      const problems = autoscaling(objects);
      reports(problems, 'HPA catalog-worker: scales Deployment media-worker, which does not exist');
      reports(problems, 'Deployment catalog-worker has no HPA');
    });

    it('fails a Deployment that sets replicas under an HPA, and an External metric', () => {
      const [objects, deployment] = broken(staging, 'Deployment', 'analytics');
      deployment.spec!.replicas = 3;
      named(objects, 'HorizontalPodAutoscaler', 'analytics-worker')?.spec?.metrics?.push({
        type: 'External',
      });
      const problems = autoscaling(objects);
      reports(problems, 'Deployment analytics sets replicas');
      reports(problems, 'HPA analytics-worker: External metrics are served by no prometheus-adapter rule');
    });
  });

  describe('checkDisruptionBudgets', () => {
    it('fails a several-pod Deployment without a budget, one that blocks drains, and one spanning Deployments', () => {
      const missing = structuredClone(staging).filter(
        (o) => !(o.kind === 'PodDisruptionBudget' && o.metadata.name === 'catalog-worker'),
      );
      reports(
        checkDisruptionBudgets(missing),
        'Deployment catalog-worker: several pods and no PodDisruptionBudget',
      );
      const [blocking, ads] = broken(staging, 'PodDisruptionBudget', 'ads');
      delete ads.spec?.maxUnavailable;
      ads.spec!.minAvailable = 2;
      reports(checkDisruptionBudgets(blocking), 'minAvailable 2 lets no pod of ads go at 2 replicas');
      const [wide, auth] = broken(staging, 'PodDisruptionBudget', 'auth');
      auth.spec!.selector!.matchLabels = { 'app.kubernetes.io/component': 'api' };
      reports(checkDisruptionBudgets(wide), 'PodDisruptionBudget auth: selects the pods of 6 Deployments');
    });
  });

  describe('checkNetworkPolicies', () => {
    it('fails without the default deny', () => {
      const objects = structuredClone(base).filter((o) => o.metadata.name !== 'default-deny');
      reports(checkNetworkPolicies(objects), 'no default-deny NetworkPolicy');
    });

    it('fails a connection the topology needs and no policy allows', () => {
      const objects = structuredClone(base).filter((o) => o.metadata.name !== 'gateway-egress');
      reports(
        checkNetworkPolicies(objects),
        'needed but not allowed: gateway egress to pods of auth TCP/3001',
      );
      const [scrape, policy] = broken(staging, 'NetworkPolicy', 'analytics-worker-metrics-only');
      policy.spec!.ingress = [];
      reports(
        checkNetworkPolicies(scrape),
        'needed but not allowed: analytics-worker ingress from namespace {kubernetes.io/metadata.name=monitoring} pods {app.kubernetes.io/name=prometheus} TCP/3105',
      );
    });

    it('fails a connection allowed beyond the topology', () => {
      const [objects, smtp] = broken(base, 'NetworkPolicy', 'smtp-egress');
      smtp.spec!.podSelector = { matchLabels: { 'app.kubernetes.io/component': 'api' } };
      reports(checkNetworkPolicies(objects), 'allowed but not needed: catalog egress to anywhere TCP/587');
      const [open, kafka] = broken(staging, 'NetworkPolicy', 'kafka-egress');
      kafka.spec!.egress = [{ ports: [{ protocol: 'TCP', port: 9092 }] }];
      reports(checkNetworkPolicies(open), 'allowed but not needed: ads egress to anywhere TCP/9092');
    });

    it('derives the needs from the configuration: a new address is a new connection to allow', () => {
      const [objects, catalog] = broken(base, 'Deployment', 'catalog');
      podOf(catalog).containers[0].env?.push({ name: 'SMTP_URL', value: 'smtp://relay.mail.svc:2525' });
      reports(
        checkNetworkPolicies(objects),
        'needed but not allowed: catalog egress to namespace {kubernetes.io/metadata.name=mail} TCP/2525',
      );
    });
  });
});
