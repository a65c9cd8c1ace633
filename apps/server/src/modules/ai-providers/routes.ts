import type { FastifyInstance } from 'fastify';
import {
  AI_CONFIG_PROVIDERS,
  aiProviderRoutes as r,
  availableModelsRoute,
} from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { ModelsService } from './models.js';
import type { AiConfigsService } from './service.js';

/** Spec 3 §7 Integrations and AI providers, Models and Zai settings. */
export function registerAiProviderRoutes(
  app: FastifyInstance,
  configs: AiConfigsService,
  models: ModelsService,
): void {
  for (const provider of AI_CONFIG_PROVIDERS) {
    const routes = r[provider];
    registerRoute(app, routes.create, ({ auth, body }) => configs.create(auth, provider, body));
    registerRoute(app, routes.update, ({ auth, body }) => configs.update(auth, provider, body));
    registerRoute(app, routes.remove, ({ auth }) => configs.remove(auth, provider));
  }
  registerRoute(app, r.list, ({ auth }) => configs.list(auth));
  registerRoute(app, r.testConnection, ({ auth, body }) => configs.testConnection(auth, body));

  registerRoute(app, r.getZaiSettings, ({ auth, params }) =>
    models.getZaiSettings(auth, params.organizationId),
  );
  registerRoute(app, r.patchZaiSettings, ({ auth, params, body }) =>
    models.patchZaiSettings(auth, params.organizationId, body),
  );

  registerRoute(app, r.models, ({ auth }) => models.list(auth));
  registerRoute(app, r.modelPage, ({ auth, query }) => models.page(auth, query));
  registerRoute(app, r.createModel, ({ auth, body }) => models.create(auth, body));
  registerRoute(app, r.updateModel, ({ auth, params, body }) =>
    models.update(auth, params.id, body),
  );
  registerRoute(app, r.deleteModel, ({ auth, params }) => models.remove(auth, params.id));
  registerRoute(app, availableModelsRoute, ({ auth }) => models.available(auth));
}
