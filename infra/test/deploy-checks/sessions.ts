// Signed session cookies in compose: auth and the gateway take the signing keys from one value, and
// an identity-marks process runs beside the gateway, sharing its in-memory marks volume; its image
// runs gateway/identity-marks.ts with every package that imports.
import { GATEWAY } from '../../topology';
import {
  composeDefault,
  composeEnv,
  composeMounts,
  composeServices,
  dependsOn,
  networkNames,
} from '../manifests/compose';
import { read } from '../manifests/files';
import { IDENTITY_MARKS, IDENTITY_MARKS_DOCKERFILE } from '../manifests/processes';
import type { ComposeFile, ComposeService } from '../manifests/shapes';
import { Problems } from '../problems';

/** Refused by auth in production; the deployments must never fall back to it. */
const AUTH_DEV_SIGNING_KEY = 'kinora-development-session-signing-key-change-me';

/** auth and the gateway take the signing keys from one value, nobody else; auth has AUTH_SECRET and the TTL. */
export function checkComposeSigningKeys(compose: ComposeFile): string[] {
  const problems = new Problems();
  const auth = composeEnv(compose.services.auth ?? {});
  const gateway = composeEnv(compose.services[GATEWAY.name] ?? {});
  if (problems.ok(auth.SESSION_SIGNING_KEYS, 'compose auth: SESSION_SIGNING_KEYS is not set')) {
    problems.equal(
      gateway.KINORA_SESSION_SIGNING_KEYS,
      auth.SESSION_SIGNING_KEYS,
      'compose gateway: KINORA_SESSION_SIGNING_KEYS must be the same value as auth SESSION_SIGNING_KEYS',
    );
    // What runs when the shell sets nothing: auth (NODE_ENV=production in its image) must accept it.
    for (const key of composeDefault(auth.SESSION_SIGNING_KEYS).split(',')) {
      problems.ok(key.trim().length >= 32, 'compose: each default signing key needs 32 characters or more');
      problems.notEqual(key.trim(), AUTH_DEV_SIGNING_KEY, 'compose: auth refuses its own development key');
    }
  }
  problems.ok(
    composeDefault(auth.AUTH_SECRET ?? '').length >= 16,
    'compose auth: AUTH_SECRET (16 characters or more) is required in production',
  );
  problems.ok(auth.SESSION_TOKEN_TTL_SECONDS, 'compose auth: SESSION_TOKEN_TTL_SECONDS is not set');
  for (const [name, service] of composeServices(compose)) {
    // auth's seed runs with auth's environment.
    if (name === 'auth' || name === 'seed-auth' || name === GATEWAY.name) continue;
    const env = composeEnv(service);
    problems.ok(
      !('SESSION_SIGNING_KEYS' in env) && !('KINORA_SESSION_SIGNING_KEYS' in env),
      `compose ${name}: only auth and the gateway hold the signing keys`,
    );
  }
  return problems.list;
}

/** identity-marks runs beside the gateway, sharing its in-memory marks volume, on redis' network. */
export function checkComposeIdentityMarks(compose: ComposeFile): string[] {
  const problems = new Problems();
  const sidecar = compose.services[IDENTITY_MARKS];
  if (!problems.ok(sidecar, `compose: no ${IDENTITY_MARKS} service beside the gateway`)) return problems.list;
  const gateway = compose.services[GATEWAY.name] ?? {};
  problems.ok(
    typeof sidecar.build === 'object' && sidecar.build.dockerfile === IDENTITY_MARKS_DOCKERFILE,
    `compose ${IDENTITY_MARKS}: builds ${IDENTITY_MARKS_DOCKERFILE}`,
  );
  const env = composeEnv(sidecar);
  const auth = composeEnv(compose.services.auth ?? {});
  for (const name of ['REDIS_URL', 'REDIS_PREFIX']) {
    problems.equal(env[name], auth[name], `compose ${IDENTITY_MARKS}: ${name} as the services'`);
  }
  problems.equal(
    env.SESSION_TOKEN_TTL_SECONDS,
    auth.SESSION_TOKEN_TTL_SECONDS,
    `compose ${IDENTITY_MARKS}: SESSION_TOKEN_TTL_SECONDS as auth's`,
  );
  const dir = env.IDENTITY_MARKS_DIR;
  problems.ok(dir?.startsWith('/'), `compose ${IDENTITY_MARKS}: IDENTITY_MARKS_DIR is not an absolute path`);
  problems.equal(
    composeEnv(gateway).IDENTITY_MARKS_DIR,
    dir,
    'compose gateway: IDENTITY_MARKS_DIR as identity-marks',
  );

  const marksMount = (name: string, service: ComposeService) => {
    const mounts = composeMounts(service).filter((mount) => mount.target === dir);
    problems.equal(
      mounts.length,
      1,
      `compose ${name}: mounts nothing (or twice) at IDENTITY_MARKS_DIR ${dir}`,
    );
    return mounts.length === 1 ? mounts[0] : undefined;
  };
  const written = marksMount(IDENTITY_MARKS, sidecar);
  const nginxMount = marksMount(GATEWAY.name, gateway);
  if (written && nginxMount) {
    problems.equal(
      nginxMount.source,
      written.source,
      'compose: the gateway and identity-marks share one marks volume',
    );
    problems.equal(nginxMount.readOnly, true, 'compose gateway: the marks are read-only for nginx');
    problems.equal(written.readOnly, false, `compose ${IDENTITY_MARKS}: writes the marks`);
    // A named volume (a bind mount or per-container tmpfs would not be shared), in memory, never
    // seeded from an image (which would decide its owner), owned by the sidecar's user (node).
    const volume = compose.volumes?.[written.source];
    problems.ok(
      volume !== undefined,
      `compose: the marks volume ${written.source} is not a declared named volume`,
    );
    problems.equal(volume?.driver_opts?.type, 'tmpfs', `compose volume ${written.source}: tmpfs`);
    problems.match(
      volume?.driver_opts?.o ?? '',
      /(^|,)uid=1000(,|$)/,
      `compose volume ${written.source}: owned by node`,
    );
    problems.ok(written.nocopy && nginxMount.nocopy, `compose: mount ${written.source} with volume.nocopy`);
    for (const [name, service] of composeServices(compose)) {
      if (name === IDENTITY_MARKS || name === GATEWAY.name) continue;
      problems.ok(
        !composeMounts(service).some((mount) => mount.source === written.source),
        `compose ${name}: mounts the gateway's marks volume`,
      );
    }
  }

  problems.equal(dependsOn(sidecar).redis, 'service_healthy', `compose ${IDENTITY_MARKS}: waits for redis`);
  problems.ok(IDENTITY_MARKS in dependsOn(gateway), `compose gateway: starts ${IDENTITY_MARKS} with it`);
  problems.ok(
    networkNames(sidecar).some((network) => networkNames(compose.services.redis).includes(network)),
    `compose ${IDENTITY_MARKS}: shares no network with redis`,
  );
  problems.equal(sidecar.ports ?? [], [], `compose ${IDENTITY_MARKS}: publishes nothing`);
  return problems.list;
}

/** The identity-marks image runs gateway/identity-marks.ts on Node's type stripping, with every package it imports. */
export function checkIdentityMarksImage(): string[] {
  const problems = new Problems();
  const dockerfile = read(IDENTITY_MARKS_DOCKERFILE);
  const expect = problems.matcher(dockerfile, IDENTITY_MARKS_DOCKERFILE);
  expect(/ARG NODE_IMAGE=node:24-bookworm-slim/, "the services' Node image");
  expect(/^COPY gateway\/identity-marks\.ts gateway\/$/m, 'copies the source');
  expect(/\nUSER node\n/, 'runs as node');
  expect(
    /CMD \["node", "gateway\/identity-marks\.ts"\]/,
    "runs the source on Node's type stripping (it starts only as identity-marks.ts)",
  );
  const installed = /for \(const name of \[([^\]]+)\]\)/
    .exec(dockerfile)?.[1]
    ?.match(/'[^']+'/g)
    ?.map((n) => n.slice(1, -1));
  const source = read('gateway/identity-marks.ts');
  for (const [, specifier] of source.matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)) {
    if (specifier.startsWith('node:')) continue;
    if (
      !problems.ok(
        !specifier.startsWith('.'),
        `gateway/identity-marks.ts imports ${specifier}, which the image does not copy`,
      )
    )
      continue;
    const pkg = specifier.startsWith('@')
      ? specifier.split('/').slice(0, 2).join('/')
      : specifier.split('/')[0];
    problems.ok(
      installed?.includes(pkg),
      `${IDENTITY_MARKS_DOCKERFILE}: does not install ${pkg}, which identity-marks.ts imports`,
    );
    if (pkg.startsWith('@kinora/'))
      expect(new RegExp(`tsc -b ${pkg.slice('@kinora/'.length)}\\n`), `compiles ${pkg}`);
  }
  return problems.list;
}
