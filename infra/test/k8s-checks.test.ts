// Unit tests of the k8s checks (infra/test/k8s-checks/): each check, fed a copy of the rendered base or
// staging overlay broken in one way, reports that breakage (k8s.test.ts runs them on the real renders,
// where they report nothing).
//
//   node --import tsx --test infra/test/k8s-checks.test.ts
// KUBECTL overrides the kubectl binary (default: kubectl on PATH).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { checkImages, checkWorkloads, composeBuiltRepositories, imageRenames } from './k8s-checks/workloads';
import { loadCompose, named, podOf, read, render, type K8sObject } from './manifests';

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
  let built: string[] = [];

  before(() => {
    base = render('k8s/base');
    staging = render('k8s/overlays/staging');
    built = composeBuiltRepositories(loadCompose());
  });

  /** A deep copy of `objects` and, from it, the object of this kind and name. */
  function broken(objects: K8sObject[], kind: string, name: string): [K8sObject[], K8sObject] {
    const copy = structuredClone(objects);
    const found = named(copy, kind, name);
    assert.ok(found, `no ${kind} ${name} to break`);
    return [copy, found];
  }

  it('reports nothing on the unbroken renders (the baseline of every case below)', () => {
    for (const objects of [base, staging]) {
      assert.deepEqual(checkWorkloads(objects), []);
    }
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
      const renames = imageRenames(
        (parse(read('k8s/overlays/staging/kustomization.yaml')) as { images?: { name: string }[] }).images,
      );
      const [objects, admin] = broken(staging, 'Deployment', 'admin');
      podOf(admin).containers[0].image = 'kinora/admin';
      const problems = checkImages(objects, built, { renames, pinned: true });
      reports(problems, "image kinora/admin is not mapped by the overlay's images:");
      reports(problems, 'image kinora/admin has no tag');
    });
  });
});
