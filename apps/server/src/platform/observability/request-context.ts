import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * The request id of the work in progress: an HTTP request's, or the one a job inherited from
 * the request that queued it (and passes to the jobs it queues), so one id follows a meeting
 * from its upload through every analysis step in the logs of every process.
 */
export interface WorkContext {
  requestId?: string;
  /** The W3C trace context of the span in progress, when tracing is on (tracing.ts). */
  traceparent?: string;
}

const context = new AsyncLocalStorage<WorkContext>();

export function currentWork(): WorkContext {
  return context.getStore() ?? {};
}

export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

export function withWork<T>(work: WorkContext, run: () => T): T {
  return work.requestId || work.traceparent ? context.run(work, run) : run();
}

export function withRequestId<T>(requestId: string | undefined, run: () => T): T {
  return withWork({ requestId }, run);
}

/** The job payload keys that carry the id and the trace between processes. */
export const REQUEST_ID_KEY = 'requestId';
export const TRACEPARENT_KEY = 'traceparent';

/** Fits a log line and a header: a proxy's or client's own id, else a fresh one. */
const ACCEPTED = /^[\w.:-]{1,100}$/;

/** Fastify's genReqId: the caller's X-Request-Id when it is a plain token, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTED.test(given) ? given : randomUUID();
}

/** The pino mixin: every log line written inside a request or job names its request id. */
export function requestIdMixin(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId ? { requestId } : {};
}

/**
 * Runs each request inside its id's context (a hook that calls `done` inside the context keeps
 * it for the rest of the request) and tells the caller the id, for support and their own logs.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    withRequestId(request.id, done);
  });
}
