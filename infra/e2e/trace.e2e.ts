/**
 * One trace end to end, against `make test`'s platform (started with OTEL_EXPORTER_OTLP_ENDPOINT at
 * this test's receiver): a viewing-session update sent through the gateway is followed from the
 * gateway (the trace it starts: its id is the request id) through the analytics service, the Kafka
 * hop and analytics-worker's consumer, to the BullMQ rollup job, all in one trace.
 * Run: node --import tsx --test infra/e2e/trace.e2e.ts
 *   KINORA_URL (http://localhost:8080), OTLP_RECEIVER_PORT (4318: the platform's exporters' target),
 *   OTLP_RECEIVER_HOST (127.0.0.1; the compose test's is the backend network's gateway address)
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';

import { GATEWAY } from './support';

const PORT = Number(process.env.OTLP_RECEIVER_PORT ?? 4318);
const WAIT_MS = 45_000;

/** The parts of an OTLP/HTTP JSON export the test reads. */
interface Export {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
interface Span extends OtlpSpan {
  service: string;
}

const spans: Span[] = [];
let receiver: Server;

before(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces' && /json/.test(request.headers['content-type'] ?? '')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Export;
        for (const resource of body.resourceSpans ?? []) {
          const service =
            resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const scope of resource.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ ...span, service });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve, reject) => {
    receiver.once('error', reject);
    receiver.listen(PORT, process.env.OTLP_RECEIVER_HOST ?? '127.0.0.1', resolve);
  });
});

after(() => receiver?.close());

/** Resolves once `done` holds; rejects after WAIT_MS saying what was awaited. */
async function until(done: () => boolean, what: string | (() => string)): Promise<void> {
  for (const started = Date.now(); !done();) {
    if (Date.now() - started > WAIT_MS) {
      throw new Error(`not within ${WAIT_MS / 1000} s: ${typeof what === 'string' ? what : what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function send(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${GATEWAY}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
  return response;
}

test('a viewing-session update is one trace: gateway, analytics, Kafka, consumer, rollup job', async () => {
  const films = (await (await fetch(`${GATEWAY}/api/films?limit=1`)).json()) as { films?: { id: number }[] };
  const filmId = (films.films ?? (films as unknown as { id: number }[]))[0]?.id;
  assert.ok(filmId, 'a published film');

  const sessionId = randomUUID();
  const now = new Date();
  const opened = await send('POST', '/api/analytics/viewing-session', {
    sessionId,
    filmId,
    deviceType: 'desktop',
    sessionStartTime: new Date(now.getTime() - 40_000).toISOString(),
    startPosition: 0,
  });
  const { token } = (await opened.json()) as { token: string };
  // The opening's own message goes first, alone: a batch continues its first message's trace
  // (and links the rest), and its rollup job would absorb ours while still waiting.
  const openedTrace = opened.headers.get('x-request-id') ?? '';
  await until(
    () => spans.some((span) => span.traceId === openedTrace && span.name === 'analytics-rollups film-day'),
    'the opening’s rollup job',
  ).catch(() => undefined);
  const update = await send(
    'PATCH',
    `/api/analytics/viewing-session/${sessionId}`,
    {
      endPosition: 35,
      totalWatchTime: 35,
      pauseCount: 0,
      seekCount: 0,
      updatedAt: now.toISOString(),
      watchedRanges: [{ start: 0, end: 35 }],
    },
    { 'x-viewing-session-token': token },
  );
  const traceId = update.headers.get('x-request-id') ?? '';
  assert.match(traceId, /^[0-9a-f]{32}$/);

  // Exporters send every few seconds: wait for the consumer's and the rollup job's spans.
  const inTrace = () => spans.filter((span) => span.traceId === traceId);
  const want = {
    http: (span: Span) => span.service === 'kinora-analytics' && span.kind === 2,
    consumer: (span: Span) =>
      span.service === 'kinora-analytics-worker' && span.name.endsWith('viewing-session-updated.v1 process'),
    rollup: (span: Span) =>
      span.service === 'kinora-analytics-worker' && span.name === 'analytics-rollups film-day',
  };
  await until(
    () => Object.values(want).every((match) => inTrace().some(match)),
    () => `spans of trace ${traceId}: ${JSON.stringify(inTrace().map((s) => `${s.service}: ${s.name}`))}`,
  );
  const trace = inTrace();
  const byId = new Map(trace.map((span) => [span.spanId, span]));
  // The analytics request continues the gateway's span (the request id's first half).
  const http = trace.find(want.http)!;
  assert.equal(http.parentSpanId, traceId.slice(0, 16));
  // The consumer's span descends from the request, the job's from the consumer.
  const ancestors = (span: Span) => {
    const chain: Span[] = [];
    for (let at = byId.get(span.parentSpanId ?? ''); at; at = byId.get(at.parentSpanId ?? '')) chain.push(at);
    return chain;
  };
  const consumer = trace.find(want.consumer)!;
  const rollup = trace.find(want.rollup)!;
  assert.ok(ancestors(consumer).includes(http), 'the consumer continues the request');
  assert.ok(ancestors(rollup).includes(consumer), 'the rollup job continues the consumer');
  console.log(
    `trace ${traceId}: ${trace.length} spans, ${[...new Set(trace.map((s) => s.service))].join(', ')}`,
  );
});
