import type { FastifyInstance } from 'fastify';
import { BOT_WEBHOOK_PATHS, botRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { BotsService } from './service.js';

/** Spec 2 §7 extension, PATCH extension/{id}, meeting/join, meeting/login-bot; the webhooks. */
export function registerBotRoutes(app: FastifyInstance, bots: BotsService): void {
  registerRoute(app, botRoutes.start, ({ auth, body }) => bots.start(auth, body));
  registerRoute(app, botRoutes.consent, ({ auth, params, body }) =>
    bots.consent(auth, params.id, body.allowRecording),
  );
  registerRoute(app, botRoutes.ofMeeting, async ({ auth, params }) => ({
    data: await bots.ofMeeting(auth, params.meetingId),
  }));
  registerRoute(app, botRoutes.ofMeetings, async ({ auth, query }) => ({
    data: await bots.ofMeetings(auth, query.ids.split(',').filter(Boolean)),
  }));
  registerRoute(app, botRoutes.serviceStatus, () => bots.serviceStatus());
  registerRoute(app, botRoutes.join, ({ auth, body }) => bots.join(auth, body.joinLink));
  registerRoute(app, botRoutes.loginBot, ({ auth, body }) => bots.loginBot(auth, body));

  // The signatures cover the exact bytes the service sent: this scope keeps JSON bodies raw.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    for (const provider of ['attendee', 'recall'] as const) {
      scope.post(BOT_WEBHOOK_PATHS[provider], { schema: { hide: true } }, async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return bots.receiveWebhook(provider, request.headers, body);
      });
    }
  });
}
