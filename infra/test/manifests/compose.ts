// Looking things up in docker-compose.yml: a service's environment, command, mounts, dependencies,
// networks and ports, as compose runs them when the shell sets no variable; which service package a
// compose service runs.
import { servicePackages } from './files';
import type { ComposeFile, ComposeService } from './shapes';

export function composeEnv(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => [entry.split('=')[0], entry.split('=').slice(1).join('=')]));
  }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value == null ? '' : String(value)]),
  );
}

/** A compose value as compose runs it when the variable is unset: `${NAME:-default}` → default. */
export const composeDefault = (value: string): string =>
  value.replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_match, fallback?: string) => fallback ?? '');

export function composeCommand(service: ComposeService): string {
  return Array.isArray(service.command) ? service.command.join(' ') : (service.command ?? '');
}

export interface ComposeMount {
  source: string;
  target: string;
  readOnly: boolean;
  nocopy: boolean;
}
/** A service's volumes, short (`source:target:ro`) and long syntax alike. */
export function composeMounts(service: ComposeService): ComposeMount[] {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume === 'string') {
      const [source, target = '', mode = ''] = volume.split(':');
      return { source, target, readOnly: mode.split(',').includes('ro'), nocopy: false };
    }
    return {
      source: volume.source ?? '',
      target: volume.target ?? '',
      readOnly: volume.read_only === true,
      nocopy: volume.volume?.nocopy === true,
    };
  });
}

/** The services a service depends on, each with its condition (undefined in the short syntax). */
export function dependsOn(service: ComposeService): Record<string, string | undefined> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, undefined]));
  return Object.fromEntries(Object.entries(deps).map(([name, dep]) => [name, dep?.condition]));
}

/** The networks a service joins, short and long syntax alike. */
export function networkNames(service: ComposeService | undefined): string[] {
  const networks = service?.networks;
  if (!networks) return [];
  return Array.isArray(networks) ? networks : Object.keys(networks);
}

export interface ComposePort {
  /** The host address it is bound to (the first field of the short syntax). */
  hostIp?: string;
  /** The port on the host. */
  published?: string;
  /** The port in the container. */
  target?: string;
}
/** A service's published ports, short (`127.0.0.1:8080:8080`) and long syntax alike. */
export function composePorts(service: ComposeService): ComposePort[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port !== 'string')
      return { hostIp: port.host_ip, published: String(port.published), target: String(port.target) };
    const parts = composeDefault(port).split(':');
    return { hostIp: parts[0], published: parts.at(-2), target: parts.at(-1) };
  });
}

/** 127.0.0.1:<port> in a healthcheck's command. */
export function healthcheckPort(service: ComposeService): string | undefined {
  const test = service.healthcheck?.test;
  const text = Array.isArray(test) ? test.join(' ') : (test ?? '');
  return /127\.0\.0\.1:(\d+)/.exec(text)?.[1];
}

/**
 * The service package a compose service runs, or undefined: the SERVICE its build passes to
 * services/Dockerfile, else the package its image is (a worker runs its service's image).
 */
export function composeBuildPackage(service: ComposeService): string | undefined {
  const arg = typeof service.build === 'object' ? service.build.args?.SERVICE : undefined;
  const name = arg ?? /^kinora\/([a-z-]+)(:|$)/.exec(service.image ?? '')?.[1];
  return name && servicePackages.includes(name) ? name : undefined;
}

export const composeServices = (compose: ComposeFile) => Object.entries(compose.services);
/** The compose services running a service package's main process (named as their package). */
export const composeApps = (compose: ComposeFile) =>
  composeServices(compose).filter(([name, service]) => composeBuildPackage(service) === name);
export const composeWorkers = (compose: ComposeFile) =>
  composeServices(compose).filter(([name]) => name.endsWith('-worker'));
