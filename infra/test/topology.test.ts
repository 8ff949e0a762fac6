// The topology (infra/topology.ts) is written once; the files that repeat parts of it are checked
// against it here, each problem naming the file, the place and the value that disagrees. The checks
// are pure functions in infra/test/topology-checks/:
//   (a) the topology itself (topology.ts): names and ports unique (local replicas included), and
//       agreeing with the services' config schemas (what they refuse in production, mail, media);
//   (b) docker-compose.yml (compose.ts);
//   (c) gateway/Dockerfile's defaults and gateway/nginx.conf.template's upstreams (gateway.ts),
//       infra/compose/postgres-init.sql's databases (postgres.ts);
//   (d) k8s/base (k8s.ts), its NetworkPolicies' ports (network-policies.ts);
//   (e) the checks themselves: a wrong value in a mutated, in-memory document is reported.
//
//   node --import tsx --test infra/test/topology.test.ts
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { WORKERS, replicaPort, serviceProcess } from '../topology';
import { composeEnv } from './manifests/compose';
import { loadCompose, loadK8sBaseFiles, read, root } from './manifests/files';
import { selectedNames } from './manifests/k8s';
import type { ComposeFile } from './manifests/shapes';
import { assertNoProblems } from './problems';
import { composeProblems, loadComposeInputs } from './topology-checks/compose';
import { gatewayDockerfileProblems, nginxTemplateProblems } from './topology-checks/gateway';
import { k8sProblems } from './topology-checks/k8s';
import { postgresInitProblems } from './topology-checks/postgres';
import { gatewayImageEnv, serviceImageEnv, TOPOLOGY } from './topology-checks/shared';
import { schemaProblems, topologyProblems } from './topology-checks/topology';

const k8sBaseProblems = (objects = loadK8sBaseFiles()) =>
  k8sProblems(objects, serviceImageEnv(), gatewayImageEnv());

describe('the topology (infra/topology.ts)', () => {
  it('names each process once and gives each port to one owner, local replicas included', () => {
    assertNoProblems(topologyProblems());
  });

  it("agrees with each service's config schema", () => {
    assertNoProblems(schemaProblems());
  });

  it('puts local replicas at 10 above each other: ads 3014, 3024, …', () => {
    const ads = serviceProcess('ads').port;
    assert.deepEqual(
      [1, 2, 3].map((n) => replicaPort('ads', n)),
      [ads, ads + 10, ads + 20],
    );
  });

  it('runs every worker on its service, which has a src/worker.ts', () => {
    for (const worker of WORKERS) {
      assert.ok(
        existsSync(join(root, 'services', worker.service, 'src', 'worker.ts')),
        `${worker.name}: no services/${worker.service}/src/worker.ts`,
      );
    }
  });
});

describe('files checked against the topology', () => {
  it('docker-compose.yml', () => {
    assertNoProblems(composeProblems(loadComposeInputs()));
  });

  it('gateway/Dockerfile', () => {
    assertNoProblems(gatewayDockerfileProblems(read('gateway/Dockerfile')));
  });

  it('gateway/nginx.conf.template', () => {
    assertNoProblems(nginxTemplateProblems(read('gateway/nginx.conf.template')));
  });

  it('infra/compose/postgres-init.sql', () => {
    assertNoProblems(postgresInitProblems(read('infra/compose/postgres-init.sql')));
  });

  it('k8s/base', () => {
    assertNoProblems(k8sBaseProblems());
  });
});

describe('the checks report what disagrees', () => {
  const mutated = (change: (compose: ComposeFile) => void): string[] => {
    const compose = structuredClone(loadCompose());
    change(compose);
    return composeProblems(loadComposeInputs(compose));
  };
  const ads = serviceProcess('ads');
  const baseline = composeProblems(loadComposeInputs());
  const added = (problems: string[]) => problems.filter((problem) => !baseline.includes(problem));

  it("a wrong port in compose's ads environment", () => {
    const problems = added(
      mutated((compose) => {
        compose.services.ads.environment = {
          ...composeEnv(compose.services.ads),
          PORT: String(ads.port + 1),
        };
      }),
    );
    assert.deepEqual(problems, [
      `docker-compose.yml: services.ads.environment.PORT is "${ads.port + 1}", ${TOPOLOGY} says "${ads.port}"`,
    ]);
  });

  it("a wrong port in ads' build arguments and in the gateway's ADS_UPSTREAM", () => {
    const problems = added(
      mutated((compose) => {
        const build = compose.services.ads.build as { args: Record<string, string> };
        build.args = { ...build.args, PORT: '3014' };
        compose.services.gateway.environment = {
          ...composeEnv(compose.services.gateway),
          ADS_UPSTREAM: 'ads:3014',
        };
      }),
    );
    assert.deepEqual(problems, [
      `docker-compose.yml: services.ads.build.args.PORT is "3014", ${TOPOLOGY} says "${ads.port}"`,
      `docker-compose.yml: services.gateway.environment.ADS_UPSTREAM is "ads:3014", ${TOPOLOGY} says "ads:${ads.port}"`,
    ]);
  });

  it('a secret given to the wrong service, and one taken from the service that needs it', () => {
    const problems = added(
      mutated((compose) => {
        const social = composeEnv(compose.services.social);
        const { ADS_TOKEN_KEY: key, ...adsEnv } = composeEnv(compose.services.ads);
        compose.services.social.environment = { ...social, ADS_TOKEN_KEY: key ?? 'x' };
        compose.services.ads.environment = adsEnv;
      }),
    );
    assert.deepEqual(problems, [
      `docker-compose.yml: services.social.environment sets ADS_TOKEN_KEY, which ${TOPOLOGY} does not list for social`,
      `docker-compose.yml: services.ads.environment lacks ADS_TOKEN_KEY, which ${TOPOLOGY} says ads needs`,
    ]);
  });

  it('a wrong port in a k8s Deployment, Service and NetworkPolicy', () => {
    const objects = structuredClone(loadK8sBaseFiles());
    const baselineK8s = k8sBaseProblems();
    const deployment = objects.find(
      ({ object }) => object.kind === 'Deployment' && object.metadata?.name === 'ads',
    )!;
    deployment.object.spec!.template!.spec!.containers!.find((c) => c.name === 'ads')!.ports = [
      { name: 'http', containerPort: 3007 },
    ];
    const service = objects.find(
      ({ object }) => object.kind === 'Service' && object.metadata?.name === 'ads',
    )!;
    service.object.spec!.ports = [{ port: 3007, targetPort: 'http' }];
    const policy = objects.find(({ object }) => object.metadata?.name === 'gateway-egress')!;
    for (const rule of policy.object.spec!.egress!) {
      if (rule.to?.some((peer) => selectedNames(peer.podSelector).includes('ads')))
        rule.ports = [{ port: 3007 }];
    }
    const problems = k8sBaseProblems(objects).filter((problem) => !baselineK8s.includes(problem));
    assert.deepEqual(problems, [
      `${deployment.file}: Deployment ads container ads containerPort is "3007", ${TOPOLOGY} says "${ads.port}"`,
      `${service.file}: Service ads port is 3007, ${TOPOLOGY} says ${ads.port}`,
      `${policy.file}: NetworkPolicy gateway-egress egress port to ads is "3007", ${TOPOLOGY} says "${ads.port}"`,
    ]);
  });
});
