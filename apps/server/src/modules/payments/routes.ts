import type { FastifyInstance } from 'fastify';
import { STRIPE_WEBHOOK_PATH, paymentRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { PaymentsService } from './service.js';

/** Spec 3 §7 Plan and billing: payment/setup, payment/b2c/setup, payment/portal; the webhook. */
export function registerPaymentRoutes(app: FastifyInstance, payments: PaymentsService): void {
  registerRoute(app, paymentRoutes.methods, async ({ auth }) => ({
    data: await payments.methods(auth.organizationId),
  }));
  registerRoute(app, paymentRoutes.setup, async ({ auth, body }) => ({
    data: await payments.setup(auth, body),
  }));
  registerRoute(app, paymentRoutes.b2cSetup, async ({ auth, body }) => ({
    data: await payments.b2cSetup(auth, body),
  }));
  registerRoute(app, paymentRoutes.portal, async ({ auth }) => ({
    data: await payments.portal(auth),
  }));
  registerRoute(app, paymentRoutes.latest, async ({ auth }) => ({
    data: await payments.latest(auth.organizationId, auth.userId),
  }));

  // The signature covers the exact bytes Stripe sent, so this scope keeps JSON bodies raw.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, { schema: { hide: true } }, async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      return payments.receive(body, typeof signature === 'string' ? signature : undefined);
    });
  });
}
