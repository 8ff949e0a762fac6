import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { SpanKind } from '@opentelemetry/api';
import { currentTraceHeaders, inSpan } from '../src/tracing/tracing';

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
