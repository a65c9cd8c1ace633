import Fastify, { type FastifyInstance } from 'fastify';
import { createProvider } from '@parley/ai';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@parley/contracts';
import type { AppConfig } from './config.js';
import type { Database } from './platform/db/client.js';
import { frameworkErrorReply, registerErrorHandler } from './platform/errors.js';
import type { Mailer } from './platform/mail.js';
import { createDevOutbox, createSmtpMailer } from './platform/mail.js';
import { createTokenService } from './platform/tokens.js';
import { registerActivityLog } from './platform/audit.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { registerWebApp, webIndexHtml } from './platform/http/web.js';
import { registerRateLimit } from './platform/http/rate-limit.js';
import { registerSecurity } from './platform/http/security.js';
import { createAuthRepo } from './modules/auth/repo.js';
import { createAuthService } from './modules/auth/service.js';
import { registerAuthRoutes } from './modules/auth/routes.js';
import { registerOidcRoutes } from './modules/auth/oidc.js';
import { createOrganizationsRepo } from './modules/organizations/repo.js';
import { createOrganizationsService } from './modules/organizations/service.js';
import { createBillingRepo } from './modules/billing/repo.js';
import { createBillingService } from './modules/billing/service.js';
import { createUsersRepo } from './modules/users/repo.js';
import { createUsersService } from './modules/users/service.js';
import { registerUserRoutes } from './modules/users/routes.js';
import { registerDevRoutes } from './modules/dev/routes.js';
import { createSecretBox } from './platform/secrets.js';
import { createEndpointGuard } from './platform/net/endpoint-guard.js';
import { createLocalStore } from './platform/storage/local.js';
import { createIntegrationsRepo } from './modules/integrations/repo.js';
import { createIntegrationsService } from './modules/integrations/service.js';
import { registerIntegrationRoutes } from './modules/integrations/routes.js';
import { createMeetingsArea } from './meetings-area.js';
import { createAiProvidersModule } from './modules/ai-providers/module.js';
import { createPromptsModule } from './modules/prompts/module.js';
import { workbenchSources } from './modules/prompts/sources.js';
import type { AiProviderResolver } from './modules/ai-providers/resolver.js';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  /** Defaults to SMTP when SMTP_URL is set, otherwise the development outbox. */
  mailer?: Mailer;
  now?: () => Date;
  /** More routes inside /api/v1, registered after the built-in modules (embedders, tests). */
  routes?: (api: FastifyInstance) => void | Promise<void>;
  /** Built web app to serve; null serves the API only. */
  webDist?: string | null;
  logger?: boolean;
  /** The language models of Zai; defaults to each organisation's connected providers. */
  ai?: AiProviderResolver;
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.env.LOG_LEVEL },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const mailer =
    opts.mailer ??
    (config.env.SMTP_URL
      ? createSmtpMailer(config.env.SMTP_URL, config.env.MAIL_FROM)
      : createDevOutbox(app.log));
  app.addHook('onClose', async () => mailer.close());
  const now = opts.now ?? (() => new Date());

  await app.register(cookie);
  await registerSecurity(app, {
    publicUrl: config.publicUrl,
    webIndex: webIndexHtml(opts.webDist ?? null),
  });
  await registerRateLimit(app, config.env.REDIS_URL);
  await registerOpenApi(app);
  registerActivityLog(app, database.db);

  const organizations = createOrganizationsService(createOrganizationsRepo(database.db));
  const plans = createBillingService(createBillingRepo(database.db));
  const users = createUsersService(createUsersRepo(database.db), organizations, plans);
  const auth = createAuthService({
    config,
    repo: createAuthRepo(database.db),
    users,
    organizations,
    mailer,
    tokens: createTokenService(config.appSecret, config.env.ACCESS_TOKEN_TTL_SECONDS, now),
    now,
  });

  // Every connection to an address an organisation typed in (AI base URLs, storage endpoints)
  // goes through this guard: internal addresses are refused unless ALLOW_PRIVATE_ENDPOINTS.
  const endpoints = createEndpointGuard({
    allowPrivate: config.env.ALLOW_PRIVATE_ENDPOINTS ?? false,
  });

  // Cloud storage configurations; `integrations.storeFor(orgId, provider?)` is the one way to
  // reach an organisation's media store.
  const integrations = createIntegrationsService({
    repo: createIntegrationsRepo(database.db),
    secrets: createSecretBox(config.appSecret),
    localStore: () => createLocalStore(config.mediaDir),
    endpoints,
  });
  app.addHook('onClose', async () => integrations.close());

  // AI providers per organisation; `aiProviders.resolver` is how any module reaches a model.
  const aiProviders = createAiProvidersModule({
    db: database.db,
    secrets: createSecretBox(config.appSecret),
    createProvider: (c) =>
      createProvider(c.kind === 'local' ? c : { ...c, fetch: endpoints.fetch }),
  });
  await aiProviders.seed();

  const meetingsArea = await createMeetingsArea(app, {
    config,
    database,
    auth,
    users,
    plans,
    secrets: createSecretBox(config.appSecret),
    mailer,
    resolveStore: (organizationId, provider) => integrations.storeFor(organizationId, provider),
    ai: opts.ai ?? aiProviders.resolver,
    now,
    log: app.log,
  });

  const prompts = createPromptsModule({
    db: database.db,
    ai: opts.ai ?? aiProviders.resolver,
    ...workbenchSources(meetingsArea),
    countUse: (model) => aiProviders.models.countUse(model),
    contextTokensOf: (model) => aiProviders.models.contextTokens(model),
  });

  await app.register(
    async (api) => {
      const { setSession } = registerAuthRoutes(api, auth, config);
      await registerOidcRoutes(api, auth, config, setSession);
      registerUserRoutes(api, users);
      registerIntegrationRoutes(api, integrations);
      aiProviders.registerRoutes(api);
      prompts.registerRoutes(api);
      await meetingsArea.registerRoutes(api);
      if (config.devOutbox) registerDevRoutes(api, mailer);
      await opts.routes?.(api);
    },
    { prefix: API_PREFIX },
  );
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true, db: database.kind }));

  await registerWebApp(app, opts.webDist ?? null);
  // Last, so the analysis jobs stopped by earlier hooks can finish their calls first.
  app.addHook('onClose', async () => endpoints.close());
  return app;
}
