// Kinora's local runner: `npx tsx infra/local/main.ts <command>` (the Makefile's up, down,
// logs and seed call it). See infra/README.md.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { KAFKA, LOG_DIR, MAILDEV, PUBLIC_URL, ownedPorts } from './config';
import { checkPrerequisites, ensureDatabases, ensureMaildev } from './deps';
import { describeSeed, progressLine, seedForeground, seedInBackground } from './seed';
import {
  createTopics,
  ensureKafka,
  eventTopics,
  fetchKafka,
  forgetExternalKafka,
  usingExternalKafka,
} from './kafka';
import {
  APP_STOP_ORDER,
  build,
  describeProcesses,
  migrate,
  restartNginx,
  restartServices,
  waitForGateway,
} from './platform';
import {
  RunnerError,
  ensureRunDirs,
  isFromThisCheckout,
  killGroup,
  managedNames,
  say,
  step,
  stop,
  tail,
} from './proc';
import { describePid, isPortOpen, portListener } from './ports';

const USAGE = `usage: npx tsx infra/local/main.ts <command>
  up          bring the whole platform up as local processes (make compose-up is the Docker way)
  down        stop what \`up\` started
  logs [-f]   tail every process log (-f follows)
  status      what runs and whether it is healthy
  kafka       fetch, format and start Kafka and create every event topic
  fetch       fetch the Kafka artifacts from Maven Central (cached)
  seed        load the demo catalog in the foreground (up loads it in the background)`;

async function ensureKafkaWithTopics(): Promise<void> {
  const topics = await eventTopics();
  await ensureKafka();
  await createTopics(topics);
}

async function up(): Promise<void> {
  const started = Date.now();
  const elapsed = () => Math.round((Date.now() - started) / 1000);
  // Each step's time, for the closing summary: where a slow bring-up spends it.
  const times: string[] = [];
  let mark = started;
  const timed = (label: string) => {
    times.push(`${label} ${Math.round((Date.now() - mark) / 1000)} s`);
    mark = Date.now();
  };

  step('Checking prerequisites');
  await checkPrerequisites();
  ensureRunDirs();
  timed('checks');

  step('Building services and the SPA');
  build();
  timed('build');

  step('Kafka');
  await ensureKafkaWithTopics();
  timed('kafka');

  step('PostgreSQL databases');
  ensureDatabases();

  step('maildev (SMTP catcher)');
  await ensureMaildev();

  step('Migrations');
  await migrate();
  timed('databases');

  step('Services and workers');
  await restartServices();

  step('Gateway (nginx)');
  await restartNginx();
  await waitForGateway(120_000);
  timed('processes');

  step('Demo catalog (synthesized, transcoded and published in the background)');
  const seeded = await seedInBackground();
  timed('first films');

  say(
    `\nSteps: ${times.join(', ')}. Logs: make logs; stop: make down; mail: http://localhost:${MAILDEV.webPort}`,
  );
  if (seeded?.done || (seeded && seeded.published === seeded.total)) {
    say(`Demo catalog: ${progressLine(seeded)}.`);
  } else if (seeded) {
    say(
      `Demo catalog: ${seeded.published} of ${seeded.total} films playable so far. The rest keep loading in ` +
        'the background and appear as they are published; `make status` shows the progress.',
    );
  }
  say(`Kinora is up in ${elapsed()} s: ${PUBLIC_URL}`);
}

async function down(): Promise<void> {
  // Gateway first so no request reaches a stopping service; apps in parallel; infra last.
  const [gateway = 'nginx', ...known] = APP_STOP_ORDER;
  const infra = ['maildev', 'kafka'];
  const apps = [
    ...known,
    ...managedNames().filter((n) => n !== gateway && !known.includes(n) && !infra.includes(n)),
  ];
  const stopped: string[] = [];
  if (await stop(gateway)) stopped.push(gateway);
  const results = await Promise.all(apps.map(async (name) => ((await stop(name)) ? name : undefined)));
  stopped.push(...results.filter((name): name is string => name !== undefined));
  if (await stop('maildev', 5_000)) stopped.push('maildev');
  if (await stop('kafka', 30_000)) stopped.push('kafka');
  say(stopped.length > 0 ? `Stopped: ${stopped.join(', ')}` : 'Nothing of this checkout was running.');

  // Verify: every port `up` uses is free, except for processes this checkout did not start.
  const leftovers: string[] = [];
  const notes: string[] = [];
  for (const { port, owner } of ownedPorts()) {
    if (!(await isPortOpen(port))) continue;
    const pid = portListener(port);
    if (pid !== undefined && isFromThisCheckout(pid)) {
      say(`Port ${port} still held by ${describePid(pid)}: stopping it`);
      await killGroup(pid, 10_000);
      if (await isPortOpen(port)) leftovers.push(`${port} (${owner}): ${describePid(pid)}`);
    } else if (owner === 'kafka' && usingExternalKafka()) {
      notes.push(`${port}: the reused Kafka broker ${describePid(pid)} (not started here) keeps running`);
    } else {
      notes.push(`${port} (${owner}'s port) is held by ${describePid(pid)}, not started from this checkout`);
    }
  }
  forgetExternalKafka();
  for (const note of [...new Set(notes)]) say(`Note: ${note}`);
  if (leftovers.length > 0) throw new RunnerError(`Still running after down:\n  ${leftovers.join('\n  ')}`);
}

function logFiles(): string[] {
  if (!existsSync(LOG_DIR)) return [];
  return readdirSync(LOG_DIR)
    .filter((file) => file.endsWith('.log'))
    .sort()
    .map((file) => join(LOG_DIR, file));
}

async function logs(follow: boolean): Promise<void> {
  const files = logFiles();
  if (files.length === 0) {
    say(`No logs yet in ${LOG_DIR} (run make up).`);
    return;
  }
  if (!follow) {
    for (const file of files) say(`\n==> ${file} <==\n${tail(file, 50)}`);
    return;
  }
  const child = spawn('tail', ['-n', '20', '-F', ...files], { stdio: 'inherit' });
  await new Promise<void>((done) => child.on('exit', () => done()));
}

async function status(): Promise<void> {
  const { lines } = await describeProcesses();
  say(lines.join('\n'));
  for (const name of ['kafka', 'maildev']) {
    const port = name === 'kafka' ? KAFKA.brokerPort : MAILDEV.webPort;
    const pid = portListener(port);
    const open = await isPortOpen(port);
    const owner =
      pid === undefined ? '' : `pid ${pid}${isFromThisCheckout(pid) ? '' : ' (not started here)'}`;
    say(`  ${open ? 'up  ' : 'DOWN'} ${name.padEnd(17)} port ${port}  ${open ? owner : 'not running'}`);
  }
  say(describeSeed().join('\n'));
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'up':
      return up();
    case 'down':
      return down();
    case 'logs':
      return logs(rest.includes('-f') || rest.includes('--follow'));
    case 'status':
      return status();
    case 'kafka':
      ensureRunDirs();
      return ensureKafkaWithTopics();
    case 'fetch':
      return fetchKafka();
    case 'seed':
      ensureRunDirs();
      return seedForeground();
    default:
      say(USAGE);
      if (command !== undefined && command !== 'help' && command !== '--help') process.exitCode = 2;
  }
}

// `... logs | head` closes the pipe early: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof RunnerError) {
    process.stderr.write(`\nERROR: ${error.message}\n`);
  } else {
    process.stderr.write(
      `\nERROR: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exitCode = 1;
});
