// infra/topology.ts against itself (names and ports unique, local replicas included) and against each
// service's config schema (what it refuses in production, mail, media, the variables it reads).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPS,
  COMMON_ENV,
  LOCAL_REPLICAS,
  MAIL_ENV,
  PLATFORM,
  PROCESSES,
  SERVICE_NAMES,
  SERVICES,
  SIDECARS,
  STUDIO_ENV,
  processNamed,
  replicaPort,
  type ServiceName,
} from '../../topology';
import { read, root } from '../manifests/files';
import { describeMedia, TOPOLOGY } from './shared';

/**
 * Each process named once and each port with one owner (local replicas and the platform included);
 * one API process a service; sidecars beside a process; env lists of variable names, none of them
 * one the process's kind or flags already imply.
 */
export function topologyProblems(): string[] {
  const problems: string[] = [];
  const names = PROCESSES.map((p) => p.name);
  for (const name of names.filter((name, i) => names.indexOf(name) !== i)) {
    problems.push(`${TOPOLOGY}: two processes are called ${name}`);
  }
  const ports = new Map<number, string>();
  const claim = (port: number, owner: string) => {
    const other = ports.get(port);
    if (other) problems.push(`${TOPOLOGY}: port ${port} is both ${other}'s and ${owner}'s`);
    ports.set(port, owner);
  };
  for (const p of PROCESSES) if ('port' in p) claim(p.port, p.name);
  for (const service of LOCAL_REPLICAS.services) {
    for (let n = 2; n <= LOCAL_REPLICAS.max; n++) claim(replicaPort(service, n), `${service} replica ${n}`);
  }
  claim(PLATFORM.postgres, 'postgres');
  claim(PLATFORM.redis, 'redis');
  claim(PLATFORM.kafka.broker, 'kafka broker');
  claim(PLATFORM.kafka.controller, 'kafka controller');
  claim(PLATFORM.maildev.smtp, 'maildev smtp');
  claim(PLATFORM.maildev.web, 'maildev web');
  claim(PLATFORM.otelCollector, 'otel collector');

  for (const service of SERVICE_NAMES) {
    const count = SERVICES.filter((p) => p.service === service).length;
    if (count !== 1) problems.push(`${TOPOLOGY}: ${service} has ${count} service processes (one expected)`);
  }
  for (const sidecar of SIDECARS) {
    if (!processNamed(sidecar.beside))
      problems.push(`${TOPOLOGY}: ${sidecar.name} runs beside ${sidecar.beside}, no such process`);
  }
  const implied = new Set<string>([...COMMON_ENV, ...MAIL_ENV, ...STUDIO_ENV, 'MEDIA_ROOT']);
  for (const p of APPS) {
    for (const name of [...p.env, ...p.tunables]) {
      if (!/^[A-Z][A-Z0-9_]*$/.test(name))
        problems.push(`${TOPOLOGY}: ${p.name}: ${name} is not a variable name`);
      if (implied.has(name))
        problems.push(`${TOPOLOGY}: ${p.name} lists ${name}, which its kind or flags imply`);
    }
  }
  return problems;
}

/** The TypeScript files of a service's code (tests left out). */
function serviceSources(service: ServiceName): string {
  const walk = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'migrations' ? [] : walk(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
    });
  return walk(`services/${service}/src`)
    .map((path) => read(path))
    .join('\n');
}

/** The topology against each service's config schema (services/<service>/src/config.ts). */
export function schemaProblems(): string[] {
  const problems: string[] = [];
  for (const service of SERVICE_NAMES) {
    const file = `services/${service}/src/config.ts`;
    const schema = read(file);
    const sources = serviceSources(service);
    // Variables the schema refuses to leave at their development default in production.
    const refused = [...schema.matchAll(/path: \['([A-Z][A-Z0-9_]*)'\]/g)]
      .filter((match) => /production/.test(schema.slice(Math.max(0, match.index - 300), match.index + 300)))
      .map((match) => match[1]);
    const mail = /mailConfigSchema/.test(schema);
    const media = /\bMEDIA_ROOT\b/.test(schema);
    for (const p of APPS.filter((candidate) => candidate.service === service)) {
      for (const name of refused.filter((name) => !p.env.includes(name))) {
        problems.push(
          `${file} refuses production without ${name}, but ${TOPOLOGY} does not list it for ${p.name}`,
        );
      }
      if (p.kind === 'service' && p.mail !== mail) {
        problems.push(
          `${file} ${mail ? 'takes' : 'does not take'} the mail settings, ${TOPOLOGY} says ${p.name} mail: ${p.mail}`,
        );
      }
      if (p.media !== 'none' && !media) {
        problems.push(`${file} reads no MEDIA_ROOT, ${TOPOLOGY} says ${p.name} ${describeMedia(p.media)}`);
      }
      for (const name of [...p.env, ...p.tunables].filter((name) => !sources.includes(name))) {
        problems.push(`services/${service}/src never reads ${name}, which ${TOPOLOGY} lists for ${p.name}`);
      }
    }
  }
  return problems;
}
