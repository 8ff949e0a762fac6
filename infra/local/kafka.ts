// Single-node Apache Kafka (KRaft) from Maven Central artifacts, run with the machine's Java.
//
// A broker already answering on 9092 that this checkout did not start (typically one left by
// an earlier run from another clone) is reused when it is a healthy Kafka broker whose
// configuration file still exists; a Kinora broker that fails that check is stopped and
// replaced; anything else on the port is an error naming the process. `down` leaves a reused
// broker running, since this checkout did not start it.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
// The one module of @kinora/common the runner needs, from its source: the runner starts Kafka
// before anything is built.
import { createTopicsWithLeaders } from '../../services/common/src/messaging/topics';
import { HOST, KAFKA, ROOT } from './config';
import {
  RunnerError,
  capture,
  cmdline,
  hasCommand,
  logTail,
  pidFile,
  run,
  runningPid,
  say,
  sleep,
  start,
} from './proc';
import { describePid, isPortOpen, portListener, stopListener, waitForPort } from './ports';

const NAME = 'kafka';
/** Present while this checkout uses a broker it did not start; holds that broker's pid. */
const EXTERNAL_MARKER = join(KAFKA.runDir, 'external.pid');

function pomHash(): string {
  return createHash('sha256').update(readFileSync(KAFKA.pom)).digest('hex');
}

/** Copies Kafka and its runtime classpath into .cache/kafka/libs with Maven (once). */
export function fetchKafka(): void {
  const hash = pomHash();
  if (existsSync(KAFKA.libsMarker) && readFileSync(KAFKA.libsMarker, 'utf8').trim() === hash) {
    say(`Kafka ${KAFKA.version} libraries cached in ${KAFKA.libsDir}`);
    return;
  }
  if (!hasCommand('mvn'))
    throw new RunnerError('Maven (mvn) is needed to fetch Kafka: apt-get install -y maven');
  say(`Fetching Apache Kafka ${KAFKA.version} from Maven Central into ${KAFKA.libsDir} ...`);
  rmSync(KAFKA.libsDir, { recursive: true, force: true });
  mkdirSync(KAFKA.libsDir, { recursive: true });
  capture('mvn', [
    '-q',
    '-B',
    '-f',
    KAFKA.pom,
    'dependency:copy-dependencies',
    `-DoutputDirectory=${KAFKA.libsDir}`,
  ]);
  const jar = join(KAFKA.libsDir, `kafka_2.13-${KAFKA.version}.jar`);
  if (!existsSync(jar)) {
    throw new RunnerError(
      `Maven finished but ${jar} is missing: is KAFKA.version in step with infra/kafka/pom.xml?`,
    );
  }
  writeFileSync(KAFKA.libsMarker, `${hash}\n`);
}

function javaArgs(heap: readonly string[], mainClass: string, args: string[]): string[] {
  return [
    ...heap,
    ...KAFKA.jvmOpts,
    `-Dlog4j.configuration=file:${KAFKA.log4j}`,
    '-cp',
    `${KAFKA.libsDir}/*`,
    mainClass,
    ...args,
  ];
}

/** Renders server.properties and formats the data directory once (KRaft needs a cluster id). */
function prepareStorage(): void {
  mkdirSync(KAFKA.dataDir, { recursive: true });
  const template = readFileSync(KAFKA.serverTemplate, 'utf8');
  writeFileSync(KAFKA.serverProperties, template.split('{{DATA_DIR}}').join(KAFKA.dataDir));
  if (existsSync(join(KAFKA.dataDir, 'meta.properties'))) return;
  // A Kafka Uuid is 16 random bytes in URL-safe base64 without padding. One in 64 starts with '-',
  // which the tool would read as an option were it not joined to its flag with '='.
  const clusterId = randomBytes(16).toString('base64url');
  say(`Formatting Kafka storage in ${KAFKA.dataDir} (cluster ${clusterId})`);
  capture(
    'java',
    javaArgs(['-Xmx256m'], 'kafka.tools.StorageTool', [
      'format',
      '--ignore-formatted',
      `--cluster-id=${clusterId}`,
      '-c',
      KAFKA.serverProperties,
    ]),
  );
}

function client(): Kafka {
  return new Kafka({
    clientId: 'kinora-infra',
    brokers: [KAFKA.brokers],
    logLevel: logLevel.NOTHING,
    connectionTimeout: 3_000,
    requestTimeout: 10_000,
    retry: { retries: 2, initialRetryTime: 300 },
  });
}

/** Whether a Kafka broker at 127.0.0.1:9092 answers a cluster metadata request. */
export async function kafkaHealthy(): Promise<boolean> {
  const admin = client().admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null;
  } catch {
    return false;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

async function waitHealthy(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await kafkaHealthy())) {
    if (Date.now() > deadline) {
      throw new RunnerError(
        `Kafka on ${KAFKA.brokers} did not become ready within ${timeoutMs / 1000} s\n${logTail(NAME)}`,
      );
    }
    await sleep(500);
  }
}

/** The server.properties path a running broker was started with (its last argument). */
function brokerConfigPath(pid: number): string | undefined {
  const args = (cmdline(pid) ?? '').split(' ');
  return args.find((arg) => arg.endsWith('.properties') && !arg.startsWith('-D'));
}

/**
 * Decides what to do about a broker port that is already taken by a process this checkout
 * did not start. Returns true when that broker is reused.
 */
async function handleForeignListener(): Promise<boolean> {
  const pid = portListener(KAFKA.brokerPort) ?? portListener(KAFKA.controllerPort);
  const cmd = pid === undefined ? '' : (cmdline(pid) ?? '');
  if (pid === undefined || !cmd.includes('kafka.Kafka')) {
    throw new RunnerError(
      `Port ${KAFKA.brokerPort} or ${KAFKA.controllerPort} is in use by ${describePid(pid)}, which is not a Kafka broker. ` +
        'Stop it, or free the ports, and run this again.',
    );
  }
  const config = brokerConfigPath(pid);
  const configExists = config !== undefined && existsSync(config);
  if (configExists && (await kafkaHealthy())) {
    if (config === KAFKA.serverProperties) {
      writeFileSync(pidFile(NAME), `${pid}\n`); // ours after all (pid file lost): adopt it
      say(`Kafka already running (pid ${pid}), adopted`);
    } else {
      writeFileSync(EXTERNAL_MARKER, `${pid}\n`);
      say(
        `Reusing the healthy Kafka broker already on ${KAFKA.brokers} (pid ${pid}, config ${config}); ` +
          'it was not started from this checkout, so `make down` here leaves it running.',
      );
    }
    return true;
  }
  if (!/\/\.run\/kafka\/[^ ]*\.properties/.test(cmd)) {
    throw new RunnerError(
      `A Kafka broker not started by Kinora holds port ${KAFKA.brokerPort} and does not answer: ${describePid(pid)}. Stop it and run this again.`,
    );
  }
  say(
    `Stopping a stale Kinora Kafka broker (pid ${pid}, config ${config ?? '?'}${configExists ? '' : ', gone'})`,
  );
  await stopListener(pid, KAFKA.brokerPort, 30_000);
  return false;
}

/** Fetches (cached), formats (once) and starts the broker unless one is already usable. */
export async function ensureKafka(): Promise<void> {
  rmSync(EXTERNAL_MARKER, { force: true });
  if (!hasCommand('java')) {
    throw new RunnerError('Java is needed to run Kafka: apt-get install -y openjdk-17-jre-headless');
  }
  fetchKafka();
  mkdirSync(KAFKA.runDir, { recursive: true });
  const ours = runningPid(NAME);
  if (ours !== undefined) {
    say(`Kafka already running (pid ${ours})`);
    await waitForPort(NAME, KAFKA.brokerPort, 60_000);
    await waitHealthy(60_000);
    return;
  }
  if ((await isPortOpen(KAFKA.brokerPort)) || (await isPortOpen(KAFKA.controllerPort))) {
    if (await handleForeignListener()) return;
  }
  prepareStorage();
  const pid = start(NAME, 'java', javaArgs(KAFKA.heapOpts, 'kafka.Kafka', [KAFKA.serverProperties]), {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' },
  });
  say(`Started Kafka ${KAFKA.version} (pid ${pid}), log: .run/logs/${NAME}.log`);
  await waitForPort(NAME, KAFKA.brokerPort, 90_000);
  await waitHealthy(60_000);
  say(`Kafka ready on ${HOST}:${KAFKA.brokerPort}`);
}

/** Whether this checkout is using a broker it did not start (see the header comment). */
export function usingExternalKafka(): boolean {
  return existsSync(EXTERNAL_MARKER);
}

export function forgetExternalKafka(): void {
  rmSync(EXTERNAL_MARKER, { force: true });
}

/** Creates the missing topics (idempotent): 3 partitions, replication factor 1, leaders elected. */
export async function createTopics(topics: readonly string[]): Promise<void> {
  const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
  const wanted = topics.map((topic) => `${prefix}${topic}`);
  const admin = client().admin();
  await admin.connect();
  try {
    const made = await createTopicsWithLeaders(
      admin,
      wanted.map((topic) => ({
        topic,
        numPartitions: KAFKA.topicPartitions,
        replicationFactor: KAFKA.topicReplicationFactor,
      })),
    );
    say(
      `Kafka topics: ${wanted.length} wanted, ${made.length} created${made.length ? ` (${made.join(', ')})` : ''}`,
    );
  } catch (error) {
    throw new RunnerError(`creating Kafka topics failed: ${(error as Error).message}`);
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * The event topics from the compiled @kinora/proto (built first when it is missing). Imported
 * lazily so that commands which need no topics (fetch, down) work before anything is built.
 */
export async function eventTopics(): Promise<readonly string[]> {
  if (!existsSync(join(ROOT, 'proto', 'dist', 'src', 'index.js'))) {
    say('Building @kinora/proto for its topic list ...');
    run('npm', ['run', 'generate', '-w', '@kinora/proto']);
    run(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-b', join(ROOT, 'proto')]);
  }
  const proto = (await import('@kinora/proto')) as { EVENT_TOPICS: readonly string[] };
  return proto.EVENT_TOPICS;
}
