// What the local platform needs from the machine: tools on PATH, the running PostgreSQL and
// Redis (used, never started or stopped here), the databases, and the maildev SMTP catcher.
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { DATABASES, MAILDEV, POSTGRES_URL, REDIS_URL, ROOT } from './config';
import {
  RunnerError,
  capture,
  cmdline,
  hasCommand,
  isFromThisCheckout,
  pidFile,
  runningPid,
  say,
  start,
} from './proc';
import {
  describePid,
  httpStatus,
  isPortOpen,
  portListener,
  stopListener,
  waitForHttp,
  waitForPort,
} from './ports';

// Installed by infra/scripts/install.sh (the one list of the machine's packages), which
// `make up` runs first; checked here for runs that skip it.
const TOOLS = ['java', 'mvn', 'nginx', 'ffmpeg', 'psql', 'ss'];

function psql(database: string, sql: string): string {
  return capture('psql', [`${POSTGRES_URL}/${database}`, '-v', 'ON_ERROR_STOP=1', '-qtAX', '-c', sql], {
    env: { ...process.env, PGCONNECT_TIMEOUT: '5' },
  }).trim();
}

/** Sends PING over the Redis protocol; resolves to whether +PONG came back. */
export function redisPing(url = REDIS_URL, timeoutMs = 3_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: hostname || '127.0.0.1', port: Number(port || 6379) });
    let reply = '';
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      reply += chunk.toString('utf8');
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG'));
    });
    socket.once('error', () => finish(false));
  });
}

/** Fails with one message listing everything missing. */
export async function checkPrerequisites(): Promise<void> {
  const problems: string[] = [];
  const missing = TOOLS.filter((tool) => !hasCommand(tool));
  for (const tool of missing) problems.push(`${tool} not found: run make install (infra/scripts/install.sh)`);
  if (!missing.includes('psql')) {
    try {
      psql('postgres', 'SELECT 1');
    } catch (error) {
      problems.push(
        `PostgreSQL not reachable at ${POSTGRES_URL} as user postgres (set KINORA_POSTGRES_URL to override): ${
          (error as Error).message.split('\n').slice(-1)[0]
        }`,
      );
    }
  }
  if (!(await redisPing())) {
    problems.push(`Redis not reachable at ${REDIS_URL} (set KINORA_REDIS_URL to override)`);
  }
  if (problems.length > 0) {
    throw new RunnerError(`The local platform needs:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Creates each service's database if it is missing (never drops or touches existing ones). */
export function ensureDatabases(): void {
  const existing = new Set(psql('postgres', 'SELECT datname FROM pg_database').split('\n'));
  const missing = DATABASES.filter((db) => !existing.has(db));
  for (const db of missing) {
    try {
      psql('postgres', `CREATE DATABASE "${db}"`);
    } catch (error) {
      // Created concurrently by someone else in the meantime: fine.
      if (!/already exists/.test((error as Error).message)) throw error;
    }
  }
  say(`Databases: ${DATABASES.length} present${missing.length ? `, created ${missing.join(', ')}` : ''}`);
}

// ---- maildev ------------------------------------------------------------------------------

const MAILDEV_NAME = 'maildev';

async function maildevHealthy(): Promise<boolean> {
  return (await httpStatus(MAILDEV.apiUrl)) === 200 && (await isPortOpen(MAILDEV.smtpPort));
}

/**
 * Starts maildev unless ours runs. A healthy maildev left by another checkout is reused (it
 * keeps no state worth replacing); anything else on its ports is an error naming the process.
 */
export async function ensureMaildev(): Promise<void> {
  const ours = runningPid(MAILDEV_NAME);
  if (ours !== undefined) {
    await waitForHttp(MAILDEV_NAME, MAILDEV.apiUrl, 30_000);
    say(`maildev already running (pid ${ours})`);
    return;
  }
  if ((await isPortOpen(MAILDEV.webPort)) || (await isPortOpen(MAILDEV.smtpPort))) {
    const pid = portListener(MAILDEV.webPort) ?? portListener(MAILDEV.smtpPort);
    const isMaildev = pid !== undefined && (cmdline(pid) ?? '').includes('maildev');
    if (isMaildev && (await maildevHealthy())) {
      if (isFromThisCheckout(pid)) {
        writeFileSync(pidFile(MAILDEV_NAME), `${pid}\n`); // ours after all (pid file lost): adopt it
        say(`maildev already running (pid ${pid}), adopted`);
      } else {
        say(`Reusing the maildev already running (pid ${pid}); \`make down\` here leaves it running.`);
      }
      return;
    }
    if (!isMaildev || pid === undefined) {
      throw new RunnerError(
        `Ports ${MAILDEV.smtpPort}/${MAILDEV.webPort} are in use by ${describePid(pid)}. Stop it and run this again.`,
      );
    }
    say(`Stopping an unresponsive maildev (pid ${pid})`);
    await stopListener(pid, MAILDEV.webPort, 5_000, 25);
  }
  const pid = start(
    MAILDEV_NAME,
    process.execPath,
    [
      MAILDEV.bin,
      '--smtp',
      String(MAILDEV.smtpPort),
      '--web',
      String(MAILDEV.webPort),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
    ],
    { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME } },
  );
  await waitForPort(MAILDEV_NAME, MAILDEV.smtpPort, 30_000);
  await waitForHttp(MAILDEV_NAME, MAILDEV.apiUrl, 30_000);
  say(
    `maildev ${MAILDEV.version} started (pid ${pid}): SMTP ${MAILDEV.smtpPort}, web and REST API ${MAILDEV.webPort}`,
  );
}
