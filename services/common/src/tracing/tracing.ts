import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Link,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry when an OTLP endpoint is configured; otherwise tracing stays off, but the
 * W3C propagator is still installed so trace context keeps flowing through Kafka headers.
 */
export function startTracing(serviceName: string, otlpEndpoint: string | undefined): void {
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  if (!otlpEndpoint || sdk) return;
  sdk = new NodeSDK({
    serviceName: `kinora-${serviceName}`,
    traceExporter: new OTLPTraceExporter({ url: `${otlpEndpoint.replace(/\/$/, '')}/v1/traces` }),
    // Requests get their spans from Fastify hooks (http-spans.ts), Kafka and BullMQ from ours.
    instrumentations: [],
  });
  sdk.start();
}

/** Whether spans are exported (an OTLP endpoint is set): otherwise requests need no span hooks. */
export const tracingEnabled = (): boolean => sdk !== undefined;

export async function stopTracing(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
  sdk = undefined;
}

export const tracer = () => trace.getTracer('kinora');

/** The current trace context as Kafka headers (traceparent, tracestate). */
export function currentTraceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

export function contextFromHeaders(headers: Record<string, string | undefined>): Context {
  return propagation.extract(context.active(), headers);
}

/** Kafka message headers (Buffers) as the strings the propagator reads. */
export function kafkaHeaders(
  headers: Record<string, Buffer | string | (Buffer | string)[] | undefined> | undefined,
): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([key, value]) => [
      key,
      (Array.isArray(value) ? value[0] : value)?.toString(),
    ]),
  );
}

/** The most messages of one batch linked from its span. */
const BATCH_LINKS_MAX = 128;

/**
 * Runs `work` over a batch of messages in one CONSUMER span: it continues the trace of the batch's
 * first message and links the others' (messaging conventions for batch processing), so a single
 * message is followed end to end and a busy batch costs one span.
 */
export async function inBatchSpan<T>(
  name: string,
  headers: Record<string, string | undefined>[],
  work: () => Promise<T>,
): Promise<T> {
  const links: Link[] = [];
  for (const carrier of headers.slice(1, BATCH_LINKS_MAX + 1)) {
    const linked = trace.getSpanContext(contextFromHeaders(carrier));
    if (linked) links.push({ context: linked });
  }
  return inSpan(
    name,
    headers[0] ?? {},
    SpanKind.CONSUMER,
    work,
    { 'messaging.batch.message_count': headers.length },
    links,
  );
}

/** Runs `work` in a span that continues the trace found in `headers`. */
export async function inSpan<T>(
  name: string,
  headers: Record<string, string | undefined>,
  kind: SpanKind,
  work: () => Promise<T>,
  attributes: Record<string, number | string> = {},
  links: Link[] = [],
): Promise<T> {
  return tracer().startActiveSpan(
    name,
    { kind, attributes, links },
    contextFromHeaders(headers),
    async (span) => {
      try {
        return await work();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
