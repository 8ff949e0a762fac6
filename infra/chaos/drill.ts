/**
 * What every fault drill shares: how an answer is judged while something is down, the counts a
 * load keeps, the check that every consumer group catches up, and the report a drill returns.
 */
import pg from 'pg';

import { localMetricsSources, waitForLag, type MetricsSource } from '../local/consumer-lag';
import { sleep } from '../local/proc';

export { sleep };

/** How long a drill's client waits for an answer (the gateway gives up after 30 s with a 504). */
export const ANSWER_TIMEOUT_MS = 35_000;

/**
 * What an answer is: the call's success, a refusal the client may try again after (502 or 503
 * with a JSON error body: the gateway's when a service is away, a service's when what it needs
 * is), or anything else, which a drill counts as a failure (a 500, a 504, an HTML error page, a
 * dropped connection, no answer in ANSWER_TIMEOUT_MS).
 */
export type Verdict = 'accepted' | 'refused' | 'unexpected';

export function judge(status: number, body: string, expected: readonly number[]): Verdict {
  if (expected.includes(status)) return 'accepted';
  if ((status === 502 || status === 503) && isJsonError(body, status)) return 'refused';
  return 'unexpected';
}

function isJsonError(body: string, status: number): boolean {
  try {
    const parsed = JSON.parse(body) as { statusCode?: unknown; message?: unknown };
    return parsed.statusCode === status && typeof parsed.message === 'string' && parsed.message !== '';
  } catch {
    return false;
  }
}

export interface Answer {
  status: number;
  body: string;
  verdict: Verdict;
}

/** A call judged as above; a call with no answer is 'unexpected', status 0. */
export async function call(url: string, init: RequestInit, expected: readonly number[]): Promise<Answer> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
    const body = await response.text();
    return { status: response.status, body, verdict: judge(response.status, body, expected) };
  } catch (error) {
    return { status: 0, body: `no answer: ${String(error)}`, verdict: 'unexpected' };
  }
}

/** What a load sent and how it was answered; the first few unexpected answers, for the report. */
export class Tally {
  sent = 0;
  accepted = 0;
  refused = 0;
  unexpected = 0;
  readonly unexpectedAnswers: string[] = [];
  /** When each call was accepted, to tell when the platform took writes again. */
  private readonly acceptedAt: number[] = [];

  count(what: string, answer: Answer): void {
    this.sent++;
    this[answer.verdict]++;
    if (answer.verdict === 'accepted') this.acceptedAt.push(Date.now());
    if (answer.verdict === 'unexpected' && this.unexpectedAnswers.length < 5) {
      this.unexpectedAnswers.push(`${what}: ${answer.status} ${answer.body.slice(0, 160)}`);
    }
  }

  /** The counts, as a LoadOutcome carries them. */
  get counts(): Pick<LoadOutcome, 'sent' | 'accepted' | 'refused' | 'unexpected' | 'unexpectedAnswers'> {
    const { sent, accepted, refused, unexpected, unexpectedAnswers } = this;
    return { sent, accepted, refused, unexpected, unexpectedAnswers };
  }

  /** The first acceptance at or after `since` (ms), or undefined. */
  firstAcceptedSince(since: number): number | undefined {
    return this.acceptedAt.find((at) => at >= since);
  }
}

/** A load's outcome once the platform has settled: what it sent and what ended where it should. */
export interface LoadOutcome {
  /** What the load does, e.g. "viewing-session updates". */
  what: string;
  sent: number;
  accepted: number;
  refused: number;
  unexpected: number;
  unexpectedAnswers: string[];
  /** Accepted writes found stored (and, where there is one, in the rollup). */
  inRollups: number;
  /** Accepted writes not found. */
  lost: number;
  /** Writes counted twice (a stored value no client sent, a rollup above its events). */
  duplicated: number;
  /** Further mismatches, each a sentence (a rollup that is not its events, say). */
  problems: string[];
}

export function loadProblems(outcome: LoadOutcome): string[] {
  const problems = [...outcome.problems];
  if (outcome.accepted === 0) problems.push(`${outcome.what}: none was accepted at all`);
  if (outcome.unexpected > 0) {
    problems.push(
      `${outcome.what}: ${outcome.unexpected} answered neither success nor a JSON 502/503: ${outcome.unexpectedAnswers.join(' | ')}`,
    );
  }
  if (outcome.lost > 0) problems.push(`${outcome.what}: ${outcome.lost} accepted writes are missing`);
  if (outcome.duplicated > 0) problems.push(`${outcome.what}: ${outcome.duplicated} counted twice`);
  return problems;
}

/** What a drill returns: its loads' outcomes, its own observations (lines) and what failed. */
export interface DrillReport {
  drill: string;
  loads: LoadOutcome[];
  lines: string[];
  problems: string[];
}

export function describeDrill(report: DrillReport): string {
  return [
    `${report.drill}:`,
    ...report.loads.map(
      (load) =>
        `  ${load.what}: sent ${load.sent}, accepted ${load.accepted}, refused ${load.refused}, ` +
        `other ${load.unexpected}; in rollups ${load.inRollups}, lost ${load.lost}, duplicated ${load.duplicated}`,
    ),
    ...report.lines.map((line) => `  ${line}`),
    ...(report.problems.length ? report.problems.map((problem) => `  FAILED: ${problem}`) : ['  passed']),
  ].join('\n');
}

/** The longest a drill waits for every consumer group's lag to get back to 0. */
export const LAG_WAIT_MS = 60_000;

/** Seconds until every consumer group of every process has no lag (Infinity after LAG_WAIT_MS). */
export async function lagCleared(
  sources: () => readonly MetricsSource[] = localMetricsSources,
): Promise<number> {
  return (await waitForLag(LAG_WAIT_MS, 0, sources)).tookMs / 1000;
}

export function lagProblem(lagClearedAfterS: number): string[] {
  return lagClearedAfterS <= LAG_WAIT_MS / 1000
    ? []
    : ['a consumer group still had lag a minute after the loads settled (a consumer that did not come back)'];
}

/** Loops that each run a step every `everyMs`, one step at a time, as a player or a person does. */
export class Paced {
  private running = false;
  private loops: Promise<void>[] = [];

  start(count: number, everyMs: number, step: (loop: number) => Promise<void>): void {
    this.running = true;
    this.loops = Array.from({ length: count }, async (_, loop) => {
      while (this.running) {
        const started = Date.now();
        await step(loop);
        await sleep(Math.max(0, everyMs - (Date.now() - started)));
      }
    });
  }

  /** Lets every loop finish the step in hand. */
  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
  }
}

/** Runs `use` with a connection to the database at `url`, closed afterwards. */
export async function withDatabase<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Polls `check` every 500 ms until it says done or `timeoutMs` passes; returns its last result. */
export async function until<T>(
  check: () => Promise<{ done: boolean; value: T }>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { done, value } = await check();
    if (done || Date.now() > deadline) return value;
    await sleep(500);
  }
}
