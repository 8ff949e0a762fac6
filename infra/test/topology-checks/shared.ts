// What the topology checks report with: each problem names the file, the place and the value that
// disagrees with infra/topology.ts, and what the topology says instead.
import { PLATFORM, allowedEnvOf, requiredEnvOf, type MediaAccess, type ProcessSpec } from '../../topology';
import { portOf } from '../manifests/addresses';
import { composeDefault, type ComposeMount } from '../manifests/compose';
import { dockerfileEnv, read } from '../manifests/files';
import { show } from '../problems';

export const TOPOLOGY = 'infra/topology.ts';

/** services/Dockerfile's ENV: what every service and worker gets from its image. */
export const serviceImageEnv = (): Record<string, string> => dockerfileEnv(read('services/Dockerfile'));
/** gateway/Dockerfile's ENV: the gateway's defaults. */
export const gatewayImageEnv = (): Record<string, string> => dockerfileEnv(read('gateway/Dockerfile'));

/** The problem of one value: where it is, what it is, what the topology says. */
export const differs = (file: string, where: string, actual: unknown, expected: unknown): string =>
  `${file}: ${where} is ${show(actual)}, ${TOPOLOGY} says ${show(expected)}`;

/**
 * Names a process is given that the topology does not list, and names it needs that it is not
 * given (`provided`: what its image sets, or a ConfigMap it takes whole).
 */
export function envNameProblems(
  where: string,
  p: ProcessSpec,
  given: readonly string[],
  provided: readonly string[] = [],
  checkExtra = true,
): string[] {
  const have = new Set([...given, ...provided]);
  const allowed = new Set(allowedEnvOf(p));
  return [
    ...requiredEnvOf(p)
      .filter((name) => !have.has(name))
      .map((name) => `${where} lacks ${name}, which ${TOPOLOGY} says ${p.name} needs`),
    ...(checkExtra ? given : [])
      .filter((name) => !allowed.has(name))
      .map((name) => `${where} sets ${name}, which ${TOPOLOGY} does not list for ${p.name}`),
  ];
}

/** The platform's ports in any address a process is given, by the variable naming it. */
export function platformAddressProblems(where: string, env: Record<string, string>): string[] {
  const expected: Record<string, number> = {
    DATABASE_URL: PLATFORM.postgres,
    REDIS_URL: PLATFORM.redis,
    KAFKA_BROKERS: PLATFORM.kafka.broker,
    OTEL_EXPORTER_OTLP_ENDPOINT: PLATFORM.otelCollector,
  };
  const problems: string[] = [];
  for (const [name, port] of Object.entries(expected)) {
    if (env[name] === undefined) continue;
    for (const address of composeDefault(env[name]).split(',')) {
      const actual = portOf(address.trim());
      if (actual !== String(port))
        problems.push(differs(where, `${name}'s port (${address})`, actual, String(port)));
    }
  }
  return problems;
}

export const describeMedia = (access: MediaAccess): string =>
  access === 'none' ? 'has no /media' : access === 'read' ? 'reads /media' : 'writes /media';

/** What a process mounts at /media and /studio, against what the topology says it does with them. */
export function mediaMountProblems(
  where: string,
  p: { name: string; media: MediaAccess; studio?: boolean },
  mounts: Pick<ComposeMount, 'target' | 'readOnly'>[],
): string[] {
  const problems: string[] = [];
  const media = mounts.find((mount) => mount.target === '/media');
  const actual: MediaAccess = media === undefined ? 'none' : media.readOnly ? 'read' : 'write';
  if (actual !== p.media) {
    problems.push(`${where} ${describeMedia(actual)}, ${TOPOLOGY} says ${p.name} ${describeMedia(p.media)}`);
  }
  if (p.studio !== undefined) {
    const studio = mounts.some((mount) => mount.target === '/studio' && !mount.readOnly);
    if (studio !== p.studio) {
      problems.push(
        `${where} ${studio ? 'mounts' : 'does not mount'} /studio, ${TOPOLOGY} says ${p.name} ${p.studio ? 'uses' : 'does not use'} the studio`,
      );
    }
  }
  return problems;
}
