// Static checks of the gateway pod in the k8s base and staging overlay, offline (kubectl kustomize only):
//   (a) signed session cookies: auth and the gateway take the signing keys from one Secret key, and an
//       identity-marks container runs in every gateway pod sharing its marks directory;
//   (b) nginx runs on a read-only root filesystem: every path it writes is on a writable emptyDir.
// The restrictions every container shares (non-root, capabilities, seccomp) are in k8s.test.ts.
//
//   node --import tsx --test infra/test/k8s-gateway.test.ts
// KUBECTL overrides the kubectl binary (default: kubectl on PATH).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { dockerfileEnv, read, renderBoth, sorted, type Renders } from './manifests/files';
import { byKind, containerEnvNames, envSource, named, nameOf, podOf, resolvedEnv } from './manifests/k8s';
import { IDENTITY_MARKS } from './manifests/processes';
import type { Container, K8sObject } from './manifests/shapes';

describe('k8s: the gateway pod', () => {
  let k8s: Renders;

  before(() => {
    k8s = renderBoth();
  });

  const renders = () => k8s.both;

  // ---------------------------------------------------------------- (a)
  describe('signed session cookies: signing keys and the identity-marks sidecar', () => {
    it('auth and the gateway take the signing keys from one Secret key; auth has AUTH_SECRET and the TTL', () => {
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

    it('every gateway pod runs identity-marks, sharing an in-memory emptyDir at IDENTITY_MARKS_DIR', () => {
      const marksVariables = sorted(
        [...read('gateway/identity-marks.ts').matchAll(/process\.env\.(\w+)/g)].map(([, name]) => name),
      );
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
        if (sidecar.securityContext?.readOnlyRootFilesystem) {
          assert.ok(
            sidecar.volumeMounts?.some((m) => m.mountPath === '/tmp'),
            `${dir} ${IDENTITY_MARKS}: Node needs a writable /tmp under a read-only root filesystem`,
          );
        }
        // Its readiness counts for the pod: a Redis outage must not take the gateway out of rotation.
        assert.doesNotMatch(
          JSON.stringify(sidecar.readinessProbe),
          /\.alive|redis/i,
          `${dir} ${IDENTITY_MARKS}: readiness must not depend on the identity stream`,
        );
        // Given exactly what it reads: the NetworkPolicies open a pod to the addresses its containers get.
        assert.deepEqual(
          sorted(containerEnvNames(sidecar, objects)),
          marksVariables,
          `${dir} ${IDENTITY_MARKS}: env is not the variables gateway/identity-marks.ts reads`,
        );
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

  // ---------------------------------------------------------------- (b)
  it('gives nginx a writable emptyDir for every path it writes under its read-only root filesystem', () => {
    const dockerfile = read('gateway/Dockerfile');
    const imageEnv = dockerfileEnv(dockerfile);
    const template = read('gateway/nginx.conf.template').replace(/#[^\n]*/g, '');
    // The image's entry point renders nginx.conf, links its includes and makes the temp directories,
    // all under NGINX_PREFIX; nginx then writes its pid file, temp files and micro-cache where the
    // rendered config says.
    const target = /^ENTRYPOINT\s+\["([^"]+)"/m.exec(dockerfile)?.[1];
    const entrypoint = [...dockerfile.matchAll(/^COPY\s+(gateway\/\S+)\s+(\S+)\s*$/gm)].find(
      ([, , to]) => to === target,
    )?.[1];
    assert.ok(entrypoint, 'gateway/Dockerfile: the ENTRYPOINT is not a script copied from gateway/');
    const script = read(entrypoint).replace(/(^|\s)#[^\n]*/g, '$1');
    const scriptWrites = [...script.matchAll(/(?:[^&0-9]>|mkdir -p|ln -sfn\s+\S+)\s+"?([^"\s;]+)/g)].map(
      ([, path]) => path,
    );
    assert.ok(scriptWrites.length > 0, `${entrypoint}: writes nothing nginx needs?`);
    for (const path of scriptWrites)
      assert.match(path, /^\$\{?NGINX_PREFIX\}?(\/|$)/, `${entrypoint} writes ${path}, outside NGINX_PREFIX`);
    const written = [...template.matchAll(/^\s*(pid|\w+_temp_path|proxy_cache_path)\s+([^\s;]+)/gm)];
    assert.ok(written.length >= 7, 'gateway/nginx.conf.template: pid, temp paths and cache path not found');

    for (const [dir, objects] of renders()) {
      const deployment = named(objects, 'Deployment', 'gateway');
      assert.ok(deployment, `${dir}: no gateway Deployment`);
      const pod = podOf(deployment);
      const nginx = pod.containers.find((c) => c.name === 'gateway');
      assert.ok(nginx, `${dir}: no gateway container`);
      assert.equal(nginx.securityContext?.readOnlyRootFilesystem, true, `${dir} gateway: read-only root`);
      // The container's env wins over the image's ENV defaults.
      const env = (name: string) => resolvedEnv(nginx, name, objects) ?? imageEnv[name];
      const substitute = (path: string) =>
        path.replace(/\$\{?(\w+)\}?/g, (_, name: string) => env(name) ?? '');
      const volumeAt = (path: string) => {
        const mount = nginx.volumeMounts?.find(
          (m) => path === m.mountPath || path.startsWith(`${m.mountPath}/`),
        );
        const volume = pod.volumes?.find((v) => v.name === mount?.name);
        assert.ok(
          mount && !mount.readOnly && volume?.emptyDir,
          `${dir} gateway: nginx writes ${path}, on no writable emptyDir`,
        );
        return volume.emptyDir;
      };
      assert.ok(env('NGINX_PREFIX'), `${dir} gateway: no NGINX_PREFIX (image or env)`);
      volumeAt(substitute('$NGINX_PREFIX'));
      for (const [, , path] of written) volumeAt(substitute(path));
      // The micro-cache fits its volume, with room for buffered bodies.
      const cache = /proxy_cache_path\s+(\S+)[^;]*max_size=(\d+)m/.exec(template);
      const limit = volumeAt(substitute(cache?.[1] ?? '')).sizeLimit ?? '';
      const mebibytes = Number(/^(\d+)(Mi|Gi)$/.exec(limit)?.[1]) * (limit.endsWith('Gi') ? 1024 : 1);
      assert.ok(
        mebibytes >= 2 * Number(cache?.[2]),
        `${dir} gateway: sizeLimit ${limit}, micro-cache max_size ${cache?.[2]}m`,
      );
    }
  });
});
