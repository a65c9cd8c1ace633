import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createBundlesRepo } from './bundles-repo.js';
import { createCreditSlabsRepo } from './credit-slabs-repo.js';
import { createFeaturesRepo } from './features-repo.js';
import { registerCatalogueRoutes } from './routes.js';
import { createCatalogueService } from './service.js';

/** Features, bundles and credit slabs: what plans are made of (spec 3 §3, §7). */
export function createCatalogueModule(needs: { db: Db; currency: string }) {
  const service = createCatalogueService({
    features: createFeaturesRepo(needs.db),
    bundles: createBundlesRepo(needs.db),
    slabs: createCreditSlabsRepo(needs.db),
    currency: needs.currency,
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerCatalogueRoutes(api, service),
  };
}
