import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { SpanKind } from '@opentelemetry/api';
import Fastify from 'fastify';
import { registerHttpSpans } from '../src/tracing/http-spans';
import { currentTraceHeaders, inBatchSpan, inSpan } from '../src/tracing/tracing';

const exporter = new InMemorySpanExporter();

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
});

test('trace context written with an event (outbox headers, job data) is continued by its consumer', async () => {
  const tracer = trace.getTracer('test');
  // The request that writes the event...
  const headers = await tracer.startActiveSpan('POST /api/things', async (span) => {
    const carrier = currentTraceHeaders();
    span.end();
    return carrier;
  });
  expect(headers.traceparent ?? '').toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

  // ...and, in another process, the handler of that event, and the job it enqueues.
  const jobHeaders = await inSpan('auth.user-registered.v1 process', headers, SpanKind.CONSUMER, async () =>
    currentTraceHeaders(),
  );
  await inSpan('analytics-rollups platform-day', jobHeaders, SpanKind.CONSUMER, async () => undefined);

  const spans = exporter.getFinishedSpans();
  const [request, consume, job] = [
    'POST /api/things',
    'auth.user-registered.v1 process',
    'analytics-rollups platform-day',
  ].map((name) => spans.find((span) => span.name === name)!);
  expect(request && consume && job).toBeTruthy();
  expect(consume.spanContext().traceId).toBe(request.spanContext().traceId);
  expect(job.spanContext().traceId).toBe(request.spanContext().traceId);
  expect(consume.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
  expect(job.parentSpanContext?.spanId).toBe(consume.spanContext().spanId);
});

test('a request continues the gateway trace; its handler, after the body is read, runs in its span', async () => {
  const app = Fastify();
  registerHttpSpans(app);
  app.post('/api/things/:id', async () => ({ headers: currentTraceHeaders() }));
  app.get('/health', async () => ({ headers: currentTraceHeaders() }));
  const gateway = { trace: '4bf92f3577b34da6a3ce929d0e0e4736', span: '4bf92f3577b34da6' };
  const response = await app.inject({
    method: 'POST',
    url: '/api/things/7?x=1',
    headers: { traceparent: `00-${gateway.trace}-${gateway.span}-01`, 'content-type': 'application/json' },
    payload: { a: 'x'.repeat(100_000) },
  });
  const { headers } = response.json<{ headers: Record<string, string> }>();
  const span = exporter.getFinishedSpans().find((s) => s.name === 'POST /api/things/:id')!;
  expect(span).toBeTruthy();
  expect(span.kind).toBe(SpanKind.SERVER);
  expect(span.spanContext().traceId).toBe(gateway.trace);
  expect(span.parentSpanContext?.spanId).toBe(gateway.span);
  expect(span.attributes['http.response.status_code']).toBe(200);
  // What the handler publishes carries the request's span.
  expect(headers.traceparent).toBe(`00-${gateway.trace}-${span.spanContext().spanId}-01`);
  // Health checks make no spans.
  const before = exporter.getFinishedSpans().length;
  await app.inject({ method: 'GET', url: '/health' });
  expect(exporter.getFinishedSpans().length).toBe(before);
  await app.close();
});

test('a batch continues its first message trace and links the others', async () => {
  const tracer = trace.getTracer('test');
  const carriers = ['first', 'second', 'third'].map((name) =>
    tracer.startActiveSpan(name, (span) => {
      const carrier = currentTraceHeaders();
      span.end();
      return carrier;
    }),
  );
  const inside = await inBatchSpan('topic process', [...carriers, {}], async () => currentTraceHeaders());
  const spans = exporter.getFinishedSpans();
  const batch = spans.find((span) => span.name === 'topic process')!;
  const [first, second, third] = ['first', 'second', 'third'].map((name) =>
    spans.find((span) => span.name === name)!,
  );
  expect(batch.spanContext().traceId).toBe(first!.spanContext().traceId);
  expect(batch.parentSpanContext?.spanId).toBe(first!.spanContext().spanId);
  expect(batch.links.map((link) => link.context.spanId)).toEqual([
    second!.spanContext().spanId,
    third!.spanContext().spanId,
  ]);
  expect(batch.attributes['messaging.batch.message_count']).toBe(4);
  expect(inside.traceparent).toContain(batch.spanContext().spanId);
});
