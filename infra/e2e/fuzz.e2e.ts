/**
 * Hostile input through the gateway (`make up`): a property-based fuzzer driven by the six OpenAPI
 * documents (infra/fuzz) sends FUZZ_REQUESTS requests over every operation as a visitor, a member,
 * a creator and an admin. No answer is a 5xx or missing, every 4xx is a JSON error, nobody gets
 * through a call they may not make, every service is healthy afterwards, and a victim — a member
 * and creator with a profile, lists, a review, a like, follows and watch history — reads back
 * exactly the same data after the members' phase and after the admin's.
 *
 * Run: node --import tsx --test infra/e2e/fuzz.e2e.ts
 *   KINORA_URL, MAILDEV_URL, E2E_ADMIN_EMAIL (an address in ADMIN_EMAILS: its session is the
 *   suite's shared one), and
 *   FUZZ_REQUESTS (default 10000), FUZZ_SEED (replays a run: printed at the start and on failure),
 *   FUZZ_ONLY (a regex over request ids, e.g. "member PATCH /api/auth/user #3$", to replay a few),
 *   FUZZ_CONCURRENCY (requests in flight, default 16), FUZZ_REPORT (a file: one JSON line per
 *   request with its id, method, URL, variant, status and problems, for a closer look).
 */
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { appendFileSync, writeFileSync } from 'node:fs';
import { test } from 'node:test';
import { operations } from '../fuzz/openapi';
import { rolesOf, setUp } from '../fuzz/personas';
import { buildRequest, plan, requestId, type PlannedRequest } from '../fuzz/plan';
import { healthy, sleep } from '../fuzz/platform';
import { PERSONAS, type Persona } from '../fuzz/policy';
import {
  createSender,
  describeOutcome,
  inPool,
  sendAndJudge,
  type FuzzOutcome,
  type Sessions,
} from '../fuzz/runner';
import { describeSnapshot, differences, settledSnapshot, snapshot } from '../fuzz/victim';
import { GATEWAY } from './support';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31);
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 16);
const REPORT = process.env.FUZZ_REPORT;
/** Failures printed in full (all are counted). */
const SHOWN = 40;
/** Answers slower than this are listed (not failed: a slow answer is a lead, not a verdict). */
const SLOW_MS = 5_000;

/* ------------------------------------------------------------------------- the run */

interface Tally {
  sent: number;
  statuses: Map<string, number>;
  failures: FuzzOutcome[];
  slowest: { ms: number; id: string };
  slow: FuzzOutcome[];
  /** Seconds spent sending (the phases, not the set-up or the snapshots). */
  sending: number;
}

function interleave<T>(lists: T[][]): T[] {
  const out: T[] = [];
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  for (let i = 0; out.length < total; i++) {
    for (const list of lists) if (i < list.length) out.push(list[i]!);
  }
  return out;
}

function record(tally: Tally, outcome: FuzzOutcome) {
  tally.sent++;
  const { request, response } = outcome;
  const status = response ? String(response.status) : 'no answer';
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
  if (response && response.ms > tally.slowest.ms) tally.slowest = { ms: response.ms, id: request.id };
  if (response && response.ms > SLOW_MS) tally.slow.push(outcome);
  if (outcome.problems.length) tally.failures.push(outcome);
  if (REPORT) {
    const line = {
      id: request.id,
      method: request.method,
      url: request.url.slice(0, 300),
      variant: request.variant,
    };
    appendFileSync(
      REPORT,
      JSON.stringify({ ...line, status, ms: response?.ms, problems: outcome.problems }) + '\n',
    );
  }
}

function summary(tally: Tally, sessions: Sessions): string {
  const lines = [
    `fuzz: ${tally.sent} requests in ${tally.sending.toFixed(1)} s of sending (${(tally.sent / tally.sending).toFixed(0)}/s), seed ${SEED}`,
    '  status → count',
    ...[...tally.statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, count]) => `  ${status.padEnd(9)} ${count}`),
    `  slowest: ${tally.slowest.ms.toFixed(0)} ms (${tally.slowest.id})`,
    ...tally.slow.map(
      ({ request, response }) =>
        `  slow: ${response!.ms.toFixed(0)} ms → ${response!.status}: ${request.id} (${request.variant}) ${request.method} ${request.url.slice(0, 120)}`,
    ),
  ];
  if (tally.failures.length) {
    const kinds = new Map<string, number>();
    for (const failure of tally.failures) {
      for (const problem of failure.problems) {
        const kind = problem.replace(/:.*/, '');
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
    }
    lines.push(
      `fuzz: ${tally.failures.length} failing requests (replay one: FUZZ_SEED=${SEED} FUZZ_ONLY='<id>$')`,
      ...[...kinds].sort((a, b) => b[1] - a[1]).map(([kind, count]) => `  ${count} × ${kind}`),
      ...tally.failures.slice(0, SHOWN).map((failure) => describeOutcome(failure, sessions)),
    );
    if (tally.failures.length > SHOWN) lines.push(`  … and ${tally.failures.length - SHOWN} more`);
  }
  return lines.join('\n');
}

test(
  `${TOTAL} hostile requests over every documented operation: no 5xx, JSON 4xx, no one touches another's data`,
  { timeout: 15 * 60_000 },
  async () => {
    console.log(
      `fuzz: seed ${SEED} (replay: FUZZ_SEED=${SEED}), ${TOTAL} requests, ${CONCURRENCY} in flight`,
    );
    assert.deepEqual(await healthy(), [], 'healthy before the run');
    const { personas, victim, context } = await setUp();
    const before = await settledSnapshot(victim);
    console.log(`fuzz: the victim's data, ${Object.keys(before).length} reads: ${describeSnapshot(before)}`);
    const roles = await rolesOf(personas);
    const sessions: Sessions = {
      member: personas.member.cookie,
      creator: personas.creator.cookie,
      admin: personas.admin.cookie,
    };

    const planned = plan({ total: TOTAL, personas: PERSONAS, operations: operations() }).filter(
      (each) => !ONLY || ONLY.test(requestId(each)),
    );
    const of = (persona: Persona) => planned.filter((each) => each.persona === persona);
    // The admin last: its phase may end the member's and creator's sessions.
    const phases: [string, PlannedRequest[]][] = [
      ['visitor, member and creator', interleave([of('visitor'), of('member'), of('creator')])],
      ['admin', of('admin')],
    ];

    const { send, close } = createSender({ gateway: GATEWAY, sessions, connections: CONCURRENCY * 2 });
    const tally: Tally = {
      sent: 0,
      statuses: new Map(),
      failures: [],
      slowest: { ms: 0, id: '' },
      slow: [],
      sending: 0,
    };
    const victimChanges: string[] = [];
    const unhealthy: string[] = [];
    if (REPORT) writeFileSync(REPORT, '');
    try {
      for (const [name, requests] of phases) {
        const started = performance.now();
        await inPool(requests, CONCURRENCY, async (each) => {
          record(tally, await sendAndJudge(buildRequest(each, context, SEED), each.operation, send, roles));
        });
        const seconds = (performance.now() - started) / 1000;
        tally.sending += seconds;
        console.log(`fuzz: ${name}: ${requests.length} requests in ${seconds.toFixed(1)} s`);
        // What the calls set off by events has landed (or would have) before the victim reads again.
        await sleep(2_000);
        for (const problem of await healthy()) unhealthy.push(`after the ${name} phase: ${problem}`);
        for (const change of differences(before, await snapshot(victim))) {
          victimChanges.push(`after the ${name} phase: ${change}`);
        }
      }
    } finally {
      await close();
    }
    console.log(summary(tally, sessions));

    if (!ONLY) assert.ok(tally.sent >= TOTAL, `sent ${tally.sent} of ${TOTAL}`);
    assert.deepEqual(unhealthy, [], 'every service healthy after each phase');
    assert.deepEqual(victimChanges, [], `the victim's data changed (seed ${SEED})`);
    assert.equal(
      tally.failures.length,
      0,
      `${tally.failures.length} failing requests (seed ${SEED}): see above`,
    );
  },
);
