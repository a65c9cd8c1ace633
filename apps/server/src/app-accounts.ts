import type { FastifyInstance } from 'fastify';
import { createProvider } from '@parley/ai';
import type { AppConfig } from './config.js';
import type { Platform } from './platform/compose.js';
import { createImageLinks } from './platform/media/image-links.js';
import { createLocalStore } from './platform/storage/local.js';
import type { StoreResolver } from './platform/storage/resolver.js';
import { createAiProvidersModule } from './modules/ai-providers/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { createBillingModule } from './modules/billing/index.js';
import { createCatalogueModule } from './modules/catalogue/index.js';
import { createEndpointsModule } from './modules/endpoints/index.js';
import { chargeLine, createInvoicesModule } from './modules/invoices/index.js';
import { createIntegrationsModule } from './modules/integrations/index.js';
import { createLocationsModule } from './modules/locations/index.js';
import { createOrganizationsModule } from './modules/organizations/index.js';
import { createParametersModule } from './modules/parameters/index.js';
import { createPaymentsModule } from './modules/payments/index.js';
import { createProfilesModule } from './modules/profiles/index.js';
import { createUserLogsModule } from './modules/user-logs/index.js';
import { createUsersModule } from './modules/users/index.js';

/**
 * The modules the business runs on, before any meeting: settings, the catalogue and plans,
 * organisations and their people, sign-in, their profiles, and the services an organisation
 * connects (stores, AI providers). The meeting modules are made from these in app.ts.
 */
export async function composeAccounts(app: FastifyInstance, platform: Platform, config: AppConfig) {
  const { db, mailer, endpoints } = platform;
  const { env } = config;
  const images = createImageLinks(config.appSecret, platform.now);
  const parameters = createParametersModule({
    db,
    defaults: {
      FREE_MEETING_CREDITS: env.FREE_MEETING_CREDITS,
      THRESHOLD_HR_SCORE: env.THRESHOLD_HR_SCORE,
      AUTO_PAY_THRESHOLD: env.AUTO_PAY_THRESHOLD,
      TAX_RATE_BASIS_POINTS: env.TAX_RATE_BASIS_POINTS,
    },
  });
  await parameters.seed();
  const endpointCatalogue = createEndpointsModule({ db });
  await endpointCatalogue.sync();
  const userLogs = createUserLogsModule({
    db,
    now: platform.now,
    flushActivity: platform.activityLog.flush,
  });
  const catalogue = createCatalogueModule({ db, currency: config.currency });
  const billing = createBillingModule({
    db,
    access: platform.access,
    catalogue: catalogue.service,
    freeMeetingCredits: () => parameters.service.valueOf('FREE_MEETING_CREDITS'),
  });
  const plans = billing.service;
  const locations = createLocationsModule();
  const invoices = createInvoicesModule({
    db,
    plans: billing.plans,
    locations: locations.service,
    appSecret: config.appSecret,
    paymentDetails: env.INVOICE_PAYMENT_DETAILS,
    now: platform.now,
  });
  const organizations = createOrganizationsModule({
    ...platform,
    plans,
    locations: locations.service,
    images,
    publicUrl: config.publicUrl,
  });
  const payments = createPaymentsModule({
    db,
    log: platform.log,
    stripe: config.stripe,
    plans: billing.plans,
    billing: plans,
    catalogue: catalogue.service,
    organization: (id) => organizations.service.byId(id),
    autoPayThreshold: (organizationId) =>
      parameters.service.valueOf('AUTO_PAY_THRESHOLD', organizationId),
    publicUrl: config.publicUrl,
  });
  // Every card payment is invoiced, paid, in the payment's own transaction, once per Stripe
  // payment (Checkout Session, auto-pay PaymentIntent, renewal invoice). A plan paid at
  // Checkout prints the plan's lines; an auto-pay or renewal charge prints what it bought.
  payments.service.addPlanPaidListener(async (tx, paid) => {
    await invoices.issue(tx, {
      organizationId: paid.organizationId,
      planId: paid.planId,
      method: 'card',
      paid: true,
      externalId: paid.externalId,
      ...(paid.kind === 'checkout' ? {} : { charge: chargeLine(paid) }),
    });
  });
  const users = createUsersModule({
    db,
    access: platform.access,
    organizations: organizations.service,
    plans,
    images,
    mailer,
    publicUrl: config.publicUrl,
  });
  const auth = createAuthModule({
    ...platform,
    config,
    users: users.service,
    organizations: organizations.service,
  });
  const integrations = createIntegrationsModule({
    ...platform,
    localStore: () => createLocalStore(config.mediaDir),
    storeIdleTimeoutMs: env.STORAGE_TIMEOUT_SECONDS * 1000,
  });
  app.addHook('onClose', async () => integrations.service.close());
  // The one way a module reaches an organisation's media store.
  const resolveStore: StoreResolver = (organizationId, provider) =>
    integrations.service.storeFor(organizationId, provider);

  // AI providers per organisation; `ai` is how any module reaches a model.
  const aiProviders = createAiProvidersModule({
    ...platform,
    configs: integrations.configs,
    createProvider: (c) =>
      createProvider(c.kind === 'local' ? c : { ...c, fetch: endpoints.fetch }),
  });
  await aiProviders.seed();
  const profiles = createProfilesModule({
    ...platform,
    users: users.service,
    organizations: organizations.service,
    images,
    resolveStore,
  });
  return {
    images,
    parameters,
    endpointCatalogue,
    userLogs,
    catalogue,
    billing,
    plans,
    payments,
    invoices,
    locations,
    organizations,
    users,
    auth,
    integrations,
    resolveStore,
    aiProviders,
    profiles,
  };
}
