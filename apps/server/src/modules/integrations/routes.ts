import type { FastifyInstance } from 'fastify';
import { integrationRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { IntegrationsService } from './service.js';

/** Spec 3 §7 Integrations: cloud storage configuration and the default store. */
export function registerIntegrationRoutes(app: FastifyInstance, s: IntegrationsService): void {
  registerRoute(app, r.configurations, async ({ auth }) => s.listConfigurations(auth));
  registerRoute(app, r.integrations, async () => s.listIntegrations());

  registerRoute(app, r.createAws, ({ auth, body }) => s.createAws(auth, body));
  registerRoute(app, r.connectAws, ({ auth }) => s.connectAws(auth));
  registerRoute(app, r.updateAws, ({ auth, body }) => s.updateAws(auth, body));
  registerRoute(app, r.deleteAws, ({ auth }) => s.deleteAws(auth));

  registerRoute(app, r.createAzure, ({ auth, body }) => s.createAzure(auth, body));
  registerRoute(app, r.updateAzure, ({ auth, body }) => s.updateAzure(auth, body));
  registerRoute(app, r.deleteAzure, ({ auth }) => s.deleteAzure(auth));

  registerRoute(app, r.getDefaultCloud, ({ auth }) => s.getDefaultCloud(auth));
  for (const contract of [r.setDefaultCloud, r.patchDefaultCloud]) {
    registerRoute(app, contract, ({ auth, body }) =>
      s.setDefaultCloud(auth, body.provider ?? body.cloudProvider ?? 'local'),
    );
  }
}
