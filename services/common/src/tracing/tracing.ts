import { context, propagation, SpanKind, SpanStatusCode, trace, type Context } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
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
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => /^\/(health|metrics)/.test(req.url ?? ''),
      }),
    ],
  });
  sdk.start();
}

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

/** Runs `work` in a span that continues the trace found in `headers`. */
export async function inSpan<T>(
  name: string,
  headers: Record<string, string | undefined>,
  kind: SpanKind,
  work: () => Promise<T>,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind }, contextFromHeaders(headers), async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
