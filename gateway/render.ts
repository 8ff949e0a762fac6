/**
 * Renders the gateway's nginx configuration for local mode (no Docker).
 *
 *   npx tsx gateway/render.ts [--out <dir>] [--set NAME=value ...] [--check]
 *
 * Fills the ${NAME} placeholders of gateway/nginx.conf.template from --set, then the environment,
 * then the local-mode defaults of the runtime contract, writes <out>/nginx.conf, copies the files it
 * includes beside it, writes the API docs (gateway/docs.ts) into <prefix>/docs and creates the prefix
 * with its temp directories. --check runs `nginx -t` on the result. The Docker image renders the same template with envsubst instead (gateway/Dockerfile).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { writeDocs } from './docs';
import {
  GATEWAY,
  LOCAL_HOST,
  SERVICE_NAMES,
  UPSTREAM_VARS,
  upstreamAddress,
  upstreamVar,
} from '../infra/topology';

/** The ${NAME} placeholders of nginx.conf.template; one <SERVICE>_UPSTREAM per service of infra/topology.ts. */
export const GATEWAY_VAR_NAMES = [
  'LISTEN_PORT',
  ...UPSTREAM_VARS,
  'SPA_ROOT',
  'MEDIA_ROOT',
  'NJS_MODULE',
  'NGINX_PREFIX',
  'IDENTITY_MARKS_DIR',
  'NGINX_USER',
  'ERROR_LOG',
  'ACCESS_LOG',
  'WRITE_RATE_LIMIT',
] as const;

export type GatewayVarName = (typeof GATEWAY_VAR_NAMES)[number];
export type GatewayVars = Record<GatewayVarName, string>;

/** Files nginx.conf includes or imports by a path relative to its own directory. */
export const GATEWAY_CONF_FILES = [
  'routes.conf',
  'proxy.conf',
  'public-cache.conf',
  'headers.conf',
  'mime.types',
  'health.js',
  'errors.js',
  'identity.js',
  'home-hero.js',
] as const;

const TEMP_DIRS = ['client_body_temp', 'proxy_temp', 'fastcgi_temp', 'uwsgi_temp', 'scgi_temp'] as const;
const DEBIAN_NJS_MODULE = '/usr/lib/nginx/modules/ngx_http_js_module.so';
const PATH_VARS: readonly GatewayVarName[] = ['SPA_ROOT', 'MEDIA_ROOT', 'NGINX_PREFIX', 'IDENTITY_MARKS_DIR'];

export interface RenderGatewayOptions {
  /** Directory receiving nginx.conf and its includes. Default: <NGINX_PREFIX>/conf. */
  outDir?: string;
  /** Values that win over the environment and the defaults. */
  vars?: Partial<GatewayVars>;
  /** Where NAME=value overrides are read from. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** The Kinora checkout. Default: found from the current directory. */
  repoRoot?: string;
}

export interface RenderedGateway {
  outDir: string;
  confPath: string;
  prefix: string;
  vars: GatewayVars;
  /** Arguments for `nginx` (add `-g 'daemon off;'` to keep it in the foreground). */
  nginxArgs: string[];
}

/** The Kinora checkout: KINORA_ROOT, else the nearest directory up whose package.json is "kinora". */
export function findRepoRoot(start: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): string {
  if (env.KINORA_ROOT) {
    return resolve(env.KINORA_ROOT);
  }
  let dir = resolve(start);
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && existsSync(join(dir, 'gateway', 'nginx.conf.template'))) {
      const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && (parsed as { name?: unknown }).name === 'kinora') {
        return dir;
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(`Cannot find the Kinora checkout above ${start}; run from the repo or set KINORA_ROOT`);
    }
    dir = parent;
  }
}

/** Local-mode defaults of the runtime contract (ports from infra/topology.ts), for a checkout at repoRoot. */
export function defaultGatewayVars(repoRoot: string): GatewayVars {
  const run = join(repoRoot, '.run');
  return {
    // A port (all interfaces) or address:port, e.g. 127.0.0.1:8080.
    LISTEN_PORT: String(GATEWAY.port),
    // Each service on this machine: AUTH_UPSTREAM=127.0.0.1:3001, …
    ...(Object.fromEntries(
      SERVICE_NAMES.map((service) => [upstreamVar(service), upstreamAddress(service, LOCAL_HOST)]),
    ) as Record<(typeof UPSTREAM_VARS)[number], string>),
    SPA_ROOT: join(repoRoot, 'frontend', 'dist'),
    MEDIA_ROOT: join(run, 'media'),
    NJS_MODULE: DEBIAN_NJS_MODULE,
    NGINX_PREFIX: join(run, 'nginx'),
    // Kept by gateway/identity-marks.ts, read by identity.js.
    IDENTITY_MARKS_DIR: join(run, 'nginx', 'identity'),
    // Workers run as the invoking user so they can read the checkout and write the prefix.
    NGINX_USER: userInfo().username,
    ERROR_LOG: join(run, 'logs', 'gateway-error.log'),
    ACCESS_LOG: join(run, 'logs', 'gateway-access.log'),
    // State-changing /api calls per signed-in user, or per client IP (nginx.conf.template).
    WRITE_RATE_LIMIT: '20r/s',
  };
}

/** Defaults, overridden by same-named environment variables, overridden by explicit values. */
export function resolveGatewayVars(
  repoRoot: string,
  overrides: Partial<GatewayVars> = {},
  env: NodeJS.ProcessEnv = process.env,
): GatewayVars {
  const vars = defaultGatewayVars(repoRoot);
  for (const name of GATEWAY_VAR_NAMES) {
    const value = overrides[name] ?? env[name];
    if (value !== undefined && value !== '') {
      vars[name] = value;
    }
  }
  for (const name of PATH_VARS) {
    vars[name] = resolve(repoRoot, vars[name]).replace(/\/+$/, '') || '/';
  }
  const problems = GATEWAY_VAR_NAMES.filter((name) => !/^[^\s;{}'"$]+$/.test(vars[name])).map(
    (name) => `${name}=${JSON.stringify(vars[name])}`,
  );
  if (!/^[1-9]\d*r\/[sm]$/.test(vars.WRITE_RATE_LIMIT)) {
    problems.push(`WRITE_RATE_LIMIT=${JSON.stringify(vars.WRITE_RATE_LIMIT)} (e.g. 20r/s or 600r/m)`);
  }
  if (!/^(\d{1,3}(\.\d{1,3}){3}:)?\d+$/.test(vars.LISTEN_PORT)) {
    problems.push(`LISTEN_PORT=${JSON.stringify(vars.LISTEN_PORT)} (a port, or IPv4:port)`);
  }
  if (problems.length > 0) {
    throw new Error(
      `Invalid gateway settings (empty, or characters nginx cannot take): ${problems.join(', ')}`,
    );
  }
  return vars;
}

/**
 * How long nginx sets a replica aside after a failed request: 2 s rather than its default 10 s. A
 * replica back from a restart takes requests again at once, and two replicas failing within 10 s of
 * each other (one killed, restarted, then the other) do not leave the service with none while one
 * is up: with 10 s, nginx answered 502 ("no live upstreams") with a healthy replica running.
 */
const REPLICA_SERVER_PARAMS = 'max_fails=1 fail_timeout=2s';

/**
 * Replaces every ${NAME} placeholder; an unknown NAME is an error, nginx's own $vars are left alone.
 * An upstream (`server ${X_UPSTREAM};`) may list several comma-separated replicas: each becomes a
 * `server` line of the upstream, which nginx balances, with REPLICA_SERVER_PARAMS.
 */
export function renderTemplate(template: string, vars: GatewayVars): string {
  const known = new Set<string>(GATEWAY_VAR_NAMES);
  return template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_match: string, name: string) => {
    if (!known.has(name)) {
      throw new Error(`nginx.conf.template uses \${${name}}, which render.ts does not define`);
    }
    const value = vars[name as GatewayVarName];
    if (!name.endsWith('_UPSTREAM') || !value.includes(',')) return value;
    return value
      .split(',')
      .map((address) => `${address} ${REPLICA_SERVER_PARAMS}`)
      .join(';\n        server ');
  });
}

function isDevicePath(path: string): boolean {
  return path === 'stderr' || path.startsWith('/dev/') || path.startsWith('syslog:');
}

export function renderGateway(options: RenderGatewayOptions = {}): RenderedGateway {
  const repoRoot = options.repoRoot ?? findRepoRoot();
  const gatewayDir = join(repoRoot, 'gateway');
  const vars = resolveGatewayVars(repoRoot, options.vars, options.env);
  const prefix = vars.NGINX_PREFIX;
  const outDir = resolve(options.outDir ?? join(prefix, 'conf'));

  mkdirSync(outDir, { recursive: true });
  const template = readFileSync(join(gatewayDir, 'nginx.conf.template'), 'utf8');
  const confPath = join(outDir, 'nginx.conf');
  writeFileSync(confPath, renderTemplate(template, vars));
  for (const file of GATEWAY_CONF_FILES) {
    copyFileSync(join(gatewayDir, file), join(outDir, file));
  }

  for (const dir of TEMP_DIRS) {
    mkdirSync(join(prefix, dir), { recursive: true });
  }
  // /api/docs serves <prefix>/docs (a path relative to the prefix, which is /etc/nginx in the image).
  writeDocs(repoRoot, join(prefix, 'docs'));
  mkdirSync(vars.MEDIA_ROOT, { recursive: true });
  for (const log of [vars.ERROR_LOG, vars.ACCESS_LOG]) {
    if (!isDevicePath(log) && isAbsolute(log)) {
      mkdirSync(dirname(log), { recursive: true });
    }
  }

  return { outDir, confPath, prefix, vars, nginxArgs: ['-p', `${prefix}/`, '-c', confPath] };
}

/** Runs `nginx -t` on a rendered configuration; throws with nginx's output when it fails. */
export function checkGateway(rendered: RenderedGateway, nginxBin = 'nginx'): string {
  const result = spawnSync(nginxBin, ['-t', ...rendered.nginxArgs], { encoding: 'utf8' });
  if (result.error) {
    throw new Error(
      `Cannot run ${nginxBin}: ${result.error.message} (apt-get install -y nginx libnginx-mod-http-js)`,
    );
  }
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0) {
    throw new Error(`nginx -t failed:\n${output}`);
  }
  return output;
}

function parseCli(argv: readonly string[]): { outDir?: string; vars: Partial<GatewayVars>; check: boolean } {
  const vars: Partial<GatewayVars> = {};
  let outDir: string | undefined;
  let check = false;
  const known = new Set<string>(GATEWAY_VAR_NAMES);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--out') {
      outDir = argv[++i];
      if (!outDir) throw new Error('--out needs a directory');
    } else if (arg === '--set') {
      const pair = argv[++i] ?? '';
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      if (eq < 1 || !known.has(name)) {
        throw new Error(`--set takes NAME=value with NAME one of ${GATEWAY_VAR_NAMES.join(', ')}`);
      }
      vars[name as GatewayVarName] = pair.slice(eq + 1);
    } else if (arg === '--check') {
      check = true;
    } else {
      throw new Error(
        `Unknown argument ${arg}. Usage: render.ts [--out <dir>] [--set NAME=value]... [--check]`,
      );
    }
  }
  return { outDir, vars, check };
}

function main(): void {
  const cli = parseCli(process.argv.slice(2));
  const rendered = renderGateway({ outDir: cli.outDir, vars: cli.vars });
  const args = rendered.nginxArgs.join(' ');
  console.log(`Rendered ${rendered.confPath}`);
  if (!existsSync(join(rendered.vars.SPA_ROOT, 'index.html'))) {
    console.warn(
      `Warning: ${rendered.vars.SPA_ROOT}/index.html is missing (npm run build -w @kinora/frontend)`,
    );
  }
  if (cli.check) {
    console.log(checkGateway(rendered));
  }
  console.log(`Start:      nginx ${args}   (pid file ${rendered.prefix}/nginx.pid)`);
  console.log(`Foreground: nginx ${args} -g 'daemon off;'`);
  console.log(`Stop:       nginx ${args} -s quit`);
}

if (/[\\/]render\.ts$/.test(process.argv[1] ?? '')) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
