// The gateway's route table and image: gateway/routes.conf proxies only to service packages, each
// through an upstream block whose address is <SERVICE>_UPSTREAM; gateway/Dockerfile copies every
// file nginx.conf loads and gives every template placeholder a default, IDENTITY_MARKS_DIR the same
// as identity-marks' image and compose.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY_CONF_FILES, GATEWAY_VAR_NAMES } from '../../../gateway/render';
import { upstreamVar, type ServiceName } from '../../topology';
import { composeEnv } from '../manifests/compose';
import {
  dockerfileEnv,
  nginxUpstreams,
  read,
  root,
  servicePackages,
  sorted,
  withoutNginxComments,
} from '../manifests/files';
import { IDENTITY_MARKS, IDENTITY_MARKS_DOCKERFILE } from '../manifests/processes';
import type { ComposeFile } from '../manifests/shapes';
import { Problems } from '../problems';

/** `routesPath`: the route table (gateway/routes.conf unless a test says otherwise). */
export function checkGatewayRoutes(routesPath: string): string[] {
  const problems = new Problems();
  if (!problems.ok(existsSync(routesPath), `${routesPath} does not exist (the gateway route table)`))
    return problems.list;
  const routes = withoutNginxComments(readFileSync(routesPath, 'utf8'));
  const targets = sorted([...routes.matchAll(/proxy_pass\s+https?:\/\/([A-Za-z0-9_.-]+)/g)].map((m) => m[1]));
  // A service without public operations yet has no route (gateway/test/routes-contract.test.ts).
  problems.equal(
    targets.filter((target) => !servicePackages.includes(target)),
    [],
    `${routesPath}: proxy_pass targets that are not services`,
  );

  // Upstream blocks (in any gateway/*.conf / *.template) name their address by a placeholder
  // like ${AUTH_UPSTREAM}, which compose and k8s must set for the gateway.
  const gatewayDir = join(root, 'gateway');
  const upstreams = new Map<string, string>();
  for (const file of readdirSync(gatewayDir).filter((f) => /\.(conf|template)$/.test(f))) {
    for (const [name, server] of nginxUpstreams(readFileSync(join(gatewayDir, file), 'utf8'))) {
      upstreams.set(name, /^\$\{(\w+)\}/.exec(server)?.[1] ?? server);
    }
  }
  if (upstreams.size === 0) return problems.list; // upstream names resolve through DNS directly
  for (const target of targets) {
    if (!problems.ok(upstreams.has(target), `gateway: proxy_pass http://${target} has no upstream block`))
      continue;
    problems.equal(
      upstreams.get(target),
      upstreamVar(target as ServiceName),
      `upstream ${target} address variable`,
    );
  }
  return problems.list;
}

export function checkGatewayImage(compose: ComposeFile): string[] {
  const problems = new Problems();
  const dockerfile = read('gateway/Dockerfile');
  const copied = [...dockerfile.matchAll(/^COPY\s+(?!--from)(.+)\s+\/etc\/kinora\/gateway\/\s*$/gm)].flatMap(
    ([, files]) => files.split(/\s+/),
  );
  for (const file of GATEWAY_CONF_FILES) {
    problems.ok(
      copied.includes(`gateway/${file}`),
      `gateway/Dockerfile does not copy gateway/${file} to /etc/kinora/gateway/`,
    );
  }
  // The entry point refuses an empty placeholder: each needs its default.
  const env = dockerfileEnv(dockerfile);
  for (const name of GATEWAY_VAR_NAMES) {
    problems.ok(env[name], `gateway/Dockerfile: no ENV default for the template placeholder \${${name}}`);
  }
  const sidecarEnv = dockerfileEnv(read(IDENTITY_MARKS_DOCKERFILE));
  problems.equal(
    sidecarEnv.IDENTITY_MARKS_DIR,
    env.IDENTITY_MARKS_DIR,
    `${IDENTITY_MARKS_DOCKERFILE}: IDENTITY_MARKS_DIR, against gateway/Dockerfile's (both images default it alike)`,
  );
  problems.equal(
    composeEnv(compose.services[IDENTITY_MARKS] ?? {}).IDENTITY_MARKS_DIR,
    env.IDENTITY_MARKS_DIR,
    "compose's IDENTITY_MARKS_DIR is the images' default",
  );
  return problems.list;
}
