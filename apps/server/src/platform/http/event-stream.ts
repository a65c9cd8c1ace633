import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STREAM_ERROR_EVENT, type StreamError } from '@parley/contracts';
import { errorBody } from '../errors.js';

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** The one error event of every stream route: the JSON error shape, as the event's data. */
export function streamError(
  statusCode: number,
  message: string,
): { event: typeof STREAM_ERROR_EVENT; data: StreamError } {
  return { event: STREAM_ERROR_EVENT, data: errorBody(statusCode, message) };
}

const write = (reply: FastifyReply, e: StreamEvent) =>
  reply.raw.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);

/**
 * Answers a request with Server-Sent Events. The reply is taken over from Fastify (headers set
 * by hooks after this point do not apply), so validate and throw before calling this: errors
 * thrown earlier still get the one JSON error shape. The signal aborts when the client goes
 * away, so a model call stops instead of running on for nobody.
 */
export async function sendEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  events: (signal: AbortSignal) => AsyncIterable<StreamEvent>,
): Promise<void> {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  reply.hijack();
  reply.raw.writeHead(200, {
    // The security headers the onRequest hooks set; Fastify no longer writes them for us.
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold the deltas back until the answer is complete.
    'X-Accel-Buffering': 'no',
  });
  try {
    for await (const e of events(controller.signal)) {
      if (controller.signal.aborted) break;
      write(reply, e);
    }
  } catch (err) {
    request.log.error({ err }, 'event stream failed');
    if (!controller.signal.aborted) write(reply, streamError(500, 'An unexpected error occurred'));
  } finally {
    reply.raw.end();
  }
}
