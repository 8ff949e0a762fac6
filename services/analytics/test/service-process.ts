import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A service process run from its compiled output, as deployed: started, SIGKILLed and started
 * again on the same port, its output appended to one log file across its lives.
 */
export class ServiceProcess {
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private killing = false;
  /** Exits nobody asked for (a crash), with their code or signal. */
  readonly crashes: string[] = [];

  constructor(
    readonly name: string,
    private readonly entry: string,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and resolves once GET /health answers 200 (database, Redis and Kafka reachable). */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.child) throw new Error(`${this.name} is already running`);
    const log = openSync(this.logFile, 'a');
    const child = spawn(process.execPath, [this.entry], { env: this.env, stdio: ['ignore', log, log] });
    closeSync(log);
    this.child = child;
    RUNNING.add(child);
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        RUNNING.delete(child);
        if (!this.killing) this.crashes.push(`${this.name} exited (${signal ?? code})`);
        if (this.child === child) this.child = undefined;
        resolve();
      }),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (this.child !== child) throw new Error(`${this.name} exited while starting:\n${this.logTail()}`);
      try {
        if ((await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(5_000) })).ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(`${this.name} not healthy within ${timeoutMs} ms:\n${this.logTail()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** SIGKILL: no shutdown hook runs, nothing in hand is finished or committed. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.killing = true;
    child.kill('SIGKILL');
    await this.exited;
    this.killing = false;
  }

  logTail(bytes = 4_000): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8').slice(-bytes) : '';
  }
}

const RUNNING = new Set<ChildProcess>();

/** Kills every process this file started and is still running (afterAll, and a last resort on exit). */
export async function killAllServiceProcesses(): Promise<void> {
  await Promise.all(
    [...RUNNING].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

process.once('exit', () => {
  for (const child of RUNNING) child.kill('SIGKILL');
});

/**
 * Refuses to run a service from compiled output older than its sources (a stale dist would test
 * someone else's code): `npx tsc -b tsconfig.build.json` from the repository root first.
 */
export function assertBuilt(packageDir: string): void {
  const buildInfo = join(packageDir, 'dist', 'tsconfig.tsbuildinfo');
  // tsc -b re-emits only what changed, and records the build in its build info.
  const builtAt = existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0;
  const stale: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.d.ts') &&
        !entry.name.endsWith('.spec.ts')
      ) {
        const built = join(packageDir, 'dist', relative(packageDir, path)).replace(/\.ts$/, '.js');
        if (!existsSync(built) || Math.max(builtAt, statSync(built).mtimeMs) < statSync(path).mtimeMs)
          stale.push(relative(packageDir, path));
      }
    }
  };
  walk(join(packageDir, 'src'));
  if (stale.length) {
    throw new Error(
      `${packageDir}/dist is older than ${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', …' : ''}: ` +
        'run `npx tsc -b tsconfig.build.json` from the repository root first',
    );
  }
}
