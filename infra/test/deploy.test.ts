// Static checks of Kinora's compose deployment: docker-compose.yml, the service Dockerfiles and the
// gateway images. Offline and engine-free (the k8s trees are checked by k8s.test.ts). The checks are
// pure functions in infra/test/deploy-checks/, each returning its problems:
//   (a) services/, docker-compose.yml and the gateway route table name the same services; the
//       workers run where the architecture puts them (compose-apps.ts, gateway.ts);
//   (b) docker-compose.yml parses and its builds, dependencies, networks and volumes resolve
//       (compose-file.ts), each service and worker is configured as infra/topology.ts says
//       (compose-apps.ts);
//   (c) the Dockerfiles build every service alike (dockerfiles.ts);
//   (d) signed session cookies: auth and the gateway take the signing keys from one value, and an
//       identity-marks process runs beside the gateway sharing its marks directory; the images carry
//       what nginx.conf and gateway/identity-marks.ts need (sessions.ts, gateway.ts);
//   (e) `docker compose config -q`, when a compose CLI is available (skipped otherwise).
//
//   node --import tsx --test infra/test/deploy.test.ts
// KINORA_ROUTES_CONF overrides the route table's path (default gateway/routes.conf).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import {
  checkComposeApps,
  checkComposeRunsPackages,
  checkComposeUpstreams,
  checkComposeWorkers,
} from './deploy-checks/compose-apps';
import {
  checkComposeBuilds,
  checkComposeHealthchecks,
  checkComposePublishing,
  checkComposeReferences,
} from './deploy-checks/compose-file';
import {
  checkDockerignore,
  checkNoCaInImages,
  checkServiceBuilds,
  checkServiceDockerfile,
} from './deploy-checks/dockerfiles';
import { checkGatewayImage, checkGatewayRoutes } from './deploy-checks/gateway';
import {
  checkComposeIdentityMarks,
  checkComposeSigningKeys,
  checkIdentityMarksImage,
} from './deploy-checks/sessions';
import { loadCompose, root, servicePackages } from './manifests/files';
import type { ComposeFile } from './manifests/shapes';
import { itFindsNoProblems } from './problems';

describe('deployment descriptions: compose and the Dockerfiles', () => {
  let compose: ComposeFile;

  before(() => {
    compose = loadCompose();
  });

  // ---------------------------------------------------------------- (a)
  describe('consistency: services/, compose and the gateway agree', () => {
    it('finds the service packages', () => {
      assert.ok(servicePackages.length >= 6, `services/: ${servicePackages.join(', ')}`);
    });

    itFindsNoProblems({
      'compose runs exactly the service packages': () => checkComposeRunsPackages(compose),
      'the gateway route table proxies only to service packages, each a defined upstream': () =>
        checkGatewayRoutes(process.env.KINORA_ROUTES_CONF ?? join(root, 'gateway', 'routes.conf')),
      'the gateway gets <SERVICE>_UPSTREAM = <service>:<PORT> and MEDIA_ROOT': () =>
        checkComposeUpstreams(compose),
      'workers run worker.js of a service package that has src/worker.ts, from its image': () =>
        checkComposeWorkers(compose),
    });
  });

  // ---------------------------------------------------------------- (b)
  describe('docker-compose.yml', () => {
    itFindsNoProblems({
      'parses, and every build points at an existing Dockerfile': () => checkComposeBuilds(compose),
      'gives every long-running container a healthcheck': () => checkComposeHealthchecks(compose),
      'resolves every depends_on, network and named volume': () => checkComposeReferences(compose),
      'publishes only the gateway, the maildev UI and the Jaeger UI, on 127.0.0.1; services stay on the internal network':
        () => checkComposePublishing(compose),
      'configures each service and worker: env, migrations, healthcheck, dependencies, media': () =>
        checkComposeApps(compose),
    });
  });

  // ---------------------------------------------------------------- (c)
  describe('Dockerfiles', () => {
    itFindsNoProblems({
      'builds every service from services/Dockerfile: its name, port and media tools as arguments': () =>
        checkServiceBuilds(compose),
      'is multi-stage: production dependencies only, a non-root user, a HEALTHCHECK and OCI labels': () =>
        checkServiceDockerfile(),
      "never writes the registry's CA into an image: npm reads it from a build secret": () =>
        checkNoCaInImages(compose),
      'keeps node_modules, build output and local state out of the build context': () => checkDockerignore(),
    });
  });

  // ---------------------------------------------------------------- (d)
  describe('signed session cookies: signing keys and the identity-marks sidecar', () => {
    itFindsNoProblems({
      'compose: auth and the gateway take the signing keys from one value; auth has AUTH_SECRET and the TTL':
        () => checkComposeSigningKeys(compose),
      'compose: identity-marks runs beside the gateway, sharing its in-memory marks volume': () =>
        checkComposeIdentityMarks(compose),
      'the gateway image carries every file nginx.conf loads and a default for every placeholder': () =>
        checkGatewayImage(compose),
      'the identity-marks image runs gateway/identity-marks.ts with every package it imports': () =>
        checkIdentityMarksImage(),
    });
  });

  // ---------------------------------------------------------------- (e)
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
