import type { FastifyInstance } from 'fastify';
import { promptRoutes as r } from '@parley/contracts';
import { sendEventStream } from '../../platform/http/event-stream.js';
import { registerRoute } from '../../platform/http/route.js';
import type { PromptsService } from './service.js';

/** Spec 3 §7 Prompts and AI kit, the streaming variant, and the comparison run. */
export function registerPromptRoutes(app: FastifyInstance, s: PromptsService): void {
  registerRoute(app, r.query, ({ auth, query }) => s.query(auth, query));
  registerRoute(app, r.byTag, ({ auth, params }) => s.byTag(auth, params.tag));
  registerRoute(app, r.byMeeting, ({ auth, params }) => s.byMeeting(auth, params.meetingId));
  registerRoute(app, r.get, ({ auth, params }) => s.get(auth, params.id));
  registerRoute(app, r.create, ({ auth, body }) => s.create(auth, body));
  registerRoute(app, r.update, ({ auth, params, body }) => s.update(auth, params.id, body));
  registerRoute(app, r.remove, ({ auth, params }) => s.remove(auth, params.id));
  registerRoute(app, r.tags, ({ auth }) => s.tags(auth));
  registerRoute(app, r.result, ({ auth, body }) => s.result(auth, body));
  registerRoute(app, r.compare, ({ auth, body }) => s.compare(auth, body));

  registerRoute(app, r.stream, async ({ auth, body, request, reply }) => {
    // Preparing (provider, transcript) may still fail as an ordinary JSON error.
    const run = await s.stream(auth, body);
    await sendEventStream(request, reply, run);
    // The reply was taken over and already sent; Fastify ignores what a hijacked handler returns.
    return '';
  });
}
