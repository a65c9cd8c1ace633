import type { FastifyInstance } from 'fastify';
import { zaiRoutes } from '@parley/contracts';
import { sendEventStream } from '../../platform/http/event-stream.js';
import { registerRoute } from '../../platform/http/route.js';
import { answerEvents } from './answer.js';
import type { ZaiService } from './service.js';

export function registerZaiRoutes(app: FastifyInstance, assistant: ZaiService): void {
  registerRoute(app, zaiRoutes.meetings, ({ auth, query }) => assistant.meetings(auth, query));
  // Access, the model and retrieval are settled before the stream opens, so a meeting the
  // caller cannot see is a plain 404 and an unconnected provider a plain 400.
  registerRoute(app, zaiRoutes.ask, async ({ auth, body, request, reply }) => {
    const plan = await assistant.plan(auth, body);
    await sendEventStream(request, reply, (signal) => answerEvents(plan, signal));
    // The reply was taken over and already sent; Fastify ignores what a hijacked handler returns.
    return undefined as never;
  });
}
