import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { zoomRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { ZoomService } from './service.js';

const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

/** Spec 3 §7 `configuration/zoom/configure`, create and delete; Zoom's signed webhook. */
export function registerZoomRoutes(app: FastifyInstance, s: ZoomService): void {
  registerRoute(app, r.status, ({ auth }) => s.status(auth));
  registerRoute(app, r.create, ({ auth, body }) => s.configure(auth, body));
  registerRoute(app, r.remove, ({ auth }) => s.remove(auth));

  // The signature covers the exact bytes Zoom sent, so this scope keeps JSON bodies raw.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/zoom/webhook/:organizationId',
      { schema: { hide: true, params: z.object({ organizationId: z.uuid() }) } },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { organizationId } = request.params as { organizationId: string };
        return s.receive(organizationId, body, {
          signature: header(request.headers['x-zm-signature']),
          timestamp: header(request.headers['x-zm-request-timestamp']),
        });
      },
    );
  });
}
