import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracer } from './tracing';

const TRACED = Symbol('kinora.trace');
type TracedRequest = FastifyRequest & { [TRACED]?: { span: Span; context: Context } };
const UNTRACED = /^\/(health|metrics)(\/|\?|$)/;

/**
 * A SERVER span for every request (health and metrics aside) that continues the caller's W3C
 * trace (the gateway starts one per request). Done with Fastify hooks: OpenTelemetry's http
 * instrumentation only patches `http` when it is loaded first, which a service's imports are not.
 * The route's handler runs in the span's context from preHandler on (after the body has been read,
 * whose stream events would lose it), so what it publishes to Kafka or enqueues carries the trace.
 */
export function registerHttpSpans(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (UNTRACED.test(request.url)) return done();
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    const span = tracer().startSpan(
      request.method,
      {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': request.method, 'url.path': request.url.split('?')[0] ?? '' },
      },
      parent,
    );
    (request as TracedRequest)[TRACED] = { span, context: trace.setSpan(parent, span) };
    done();
  });
  fastify.addHook('preHandler', (request, _reply, done) => {
    const traced = (request as TracedRequest)[TRACED];
    if (!traced) return done();
    const route = request.routeOptions.url;
    if (route) {
      traced.span.updateName(`${request.method} ${route}`);
      traced.span.setAttribute('http.route', route);
    }
    context.with(traced.context, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const traced = (request as TracedRequest)[TRACED];
    if (traced) {
      traced.span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) traced.span.setStatus({ code: SpanStatusCode.ERROR });
      traced.span.end();
    }
    done();
  });
}
