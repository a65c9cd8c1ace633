import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  defaultTextMapGetter,
  defaultTextMapSetter,
  trace,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withWork } from './request-context.js';

/**
 * OpenTelemetry tracing (issue 20), on when OTEL_EXPORTER_OTLP_ENDPOINT names a collector: a
 * span per HTTP request (its route pattern, never the raw URL) and one per job, sent over OTLP
 * HTTP. The trace travels between processes as a W3C `traceparent` — the caller's header into
 * a request, and the job payload from whatever queued the job — so an upload's trace holds
 * every analysis step that followed it, whichever worker ran them.
 *
 * Spans are started with explicit parents rather than a global context manager, so several
 * apps in one process (tests) each keep their own provider and nothing is monkey-patched.
 */
export interface Tracing {
  /** A span per request, started at routing and ended with the answer's status. */
  instrument(app: FastifyInstance): void;
  /** Runs a job inside its span; `run` gets the span's traceparent for the jobs it queues. */
  traceJob<T>(
    queue: string,
    parent: string | undefined,
    run: (traceparent: string) => Promise<T>,
  ): Promise<T>;
  /** Sends what is buffered (tests, and before the process exits). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();

const contextFrom = (traceparent: string | undefined): Context =>
  traceparent
    ? propagator.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter)
    : ROOT_CONTEXT;

function traceparentOf(span: Span): string {
  const carrier: Record<string, string> = {};
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
  return carrier.traceparent ?? '';
}

const spans = new WeakMap<FastifyRequest, Span>();

export function createTracing(opts: {
  endpoint: string | undefined;
  serviceName: string;
  role: string;
}): Tracing | null {
  if (!opts.endpoint) return null;
  const exporter = new OTLPTraceExporter({
    url: `${opts.endpoint.replace(/\/+$/, '')}/v1/traces`,
  });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': opts.serviceName,
      'parley.role': opts.role,
    }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })],
  });
  const tracer = provider.getTracer('parley');

  return {
    instrument(app) {
      // After registerRequestContext's hook (registered first), so the id is known; the rest
      // of the request runs inside this span's context, where jobs it queues find it.
      app.addHook('onRequest', (request, _reply, done) => {
        const route = request.routeOptions.url;
        const given = request.headers.traceparent;
        const span = tracer.startSpan(
          `${request.method} ${route ?? 'unmatched'}`,
          {
            kind: SpanKind.SERVER,
            attributes: {
              'http.request.method': request.method,
              ...(route ? { 'http.route': route } : {}),
              'parley.request_id': request.id,
            },
          },
          contextFrom(typeof given === 'string' ? given : undefined),
        );
        spans.set(request, span);
        withWork({ requestId: request.id, traceparent: traceparentOf(span) }, done);
      });
      app.addHook('onResponse', async (request, reply) => {
        const span = spans.get(request);
        if (!span) return;
        span.setAttribute('http.response.status_code', reply.statusCode);
        if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
    },
    async traceJob(queue, parent, run) {
      const span = tracer.startSpan(
        `job ${queue}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue },
        },
        contextFrom(parent),
      );
      try {
        return await run(traceparentOf(span));
      } catch (err) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: err instanceof Error ? err.message : String(err),
        });
        throw err;
      } finally {
        span.end();
      }
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
