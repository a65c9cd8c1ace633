import type { FastifyInstance, FastifyReply } from 'fastify';
import { promptRoutes as r, type PromptStreamEvent } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { PromptsService } from './service.js';

/** One Server-Sent Event: `event: delta|done|error`, JSON data on one line. */
function writeEvent(reply: FastifyReply, e: PromptStreamEvent): void {
  const { type, ...data } = e;
  reply.raw.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Spec 3 §7 Prompts and AI kit, the streaming variant, and the comparison run. */
export function registerPromptRoutes(app: FastifyInstance, s: PromptsService): void {
  registerRoute(app, r.query, ({ auth, query }) => s.query(auth, query));
  registerRoute(app, r.byTag, ({ auth, params }) => s.byTag(auth, params.tag ?? ''));
  registerRoute(app, r.byMeeting, ({ auth, params }) => s.byMeeting(auth, params.id ?? ''));
  registerRoute(app, r.get, ({ auth, params }) => s.get(auth, params.id ?? ''));
  registerRoute(app, r.create, ({ auth, body }) => s.create(auth, body));
  registerRoute(app, r.update, ({ auth, params, body }) => s.update(auth, params.id ?? '', body));
  registerRoute(app, r.remove, ({ auth, params }) => s.remove(auth, params.id ?? ''));
  registerRoute(app, r.tags, ({ auth }) => s.tags(auth));
  registerRoute(app, r.result, ({ auth, body }) => s.result(auth, body));
  registerRoute(app, r.compare, ({ auth, body }) => s.compare(auth, body));

  registerRoute(app, r.stream, async ({ auth, body, reply }) => {
    const abort = new AbortController();
    // Preparing (provider, transcript) may still fail as an ordinary JSON error.
    const events = await s.stream(auth, body, abort.signal);
    reply.hijack();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // Proxies (nginx) would otherwise hold the events back until the run ends.
      'x-accel-buffering': 'no',
    });
    for await (const e of events) {
      if (abort.signal.aborted) break;
      writeEvent(reply, e);
    }
    reply.raw.end();
    return '';
  });
}
