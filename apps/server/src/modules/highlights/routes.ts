import type { FastifyInstance } from 'fastify';
import { highlightRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { HighlightsService } from './service.js';

export function registerHighlightRoutes(app: FastifyInstance, highlights: HighlightsService): void {
  registerRoute(app, highlightRoutes.list, ({ auth, params }) =>
    highlights.list(auth, params.meetingId),
  );
  registerRoute(app, highlightRoutes.create, ({ auth, body }) => highlights.create(auth, body));
  registerRoute(app, highlightRoutes.update, ({ auth, params, body }) =>
    highlights.update(auth, params.id, body),
  );
  registerRoute(app, highlightRoutes.remove, ({ auth, params }) =>
    highlights.remove(auth, params.id),
  );
}
