import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { StripeConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { BillingService, PlansService } from '../billing/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import { registerPaymentRoutes } from './routes.js';
import { createPaymentsService } from './service.js';
import { createStripeGateway } from './stripe-gateway.js';

export interface PaymentsNeeds {
  db: Db;
  log: FastifyBaseLogger;
  /** Null: no card payment (bank transfer only). */
  stripe: StripeConfig | null;
  plans: PlansService;
  billing: BillingService;
  catalogue: CatalogueService;
  organization: (id: string) => Promise<{ name: string; isB2C: boolean } | null>;
  autoPayThreshold: (organizationId: string) => Promise<number>;
  publicUrl: string;
}

/** Card payment with Stripe: Checkout, the Customer Portal, the webhook and auto-pay. */
export function createPaymentsModule(needs: PaymentsNeeds) {
  const { stripe, ...rest } = needs;
  const service = createPaymentsService({
    ...rest,
    gateway: stripe ? createStripeGateway(stripe) : null,
  });
  // Every credit cut committed by the credits route; the analysis pipeline's are told in app.ts.
  needs.billing.onCreditsCut((organizationId) =>
    service.afterCreditsCut(organizationId).catch((err: unknown) => {
      needs.log.error({ err, organizationId }, 'auto-pay: the check after a credit cut failed');
    }),
  );
  return {
    service,
    registerRoutes(api: FastifyInstance): void {
      registerPaymentRoutes(api, service);
    },
  };
}
