import type { FastifyInstance } from 'fastify';
import { bundleRoutes, creditSlabRoutes, featureRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { CatalogueService } from './service.js';

/** Spec 3 §7 Features, credit slabs, bundles: the super admin's catalogue, and what is on sale. */
export function registerCatalogueRoutes(app: FastifyInstance, catalogue: CatalogueService): void {
  const { feature, bundle, creditSlab } = catalogue;
  registerRoute(app, featureRoutes.count, () => feature.count());
  registerRoute(app, featureRoutes.query, ({ query }) => feature.query(query));
  registerRoute(app, featureRoutes.list, () => feature.list());
  registerRoute(app, featureRoutes.create, ({ body }) => feature.create(body));
  registerRoute(app, featureRoutes.update, ({ params, body }) => feature.update(params.id, body));
  registerRoute(app, featureRoutes.remove, ({ params }) => feature.remove(params.id));

  registerRoute(app, bundleRoutes.count, () => bundle.count());
  registerRoute(app, bundleRoutes.active, () => bundle.active());
  registerRoute(app, bundleRoutes.query, ({ query }) => bundle.query(query));
  registerRoute(app, bundleRoutes.list, () => bundle.list());
  registerRoute(app, bundleRoutes.create, ({ body }) => bundle.create(body));
  registerRoute(app, bundleRoutes.update, ({ params, body }) => bundle.update(params.id, body));
  registerRoute(app, bundleRoutes.remove, ({ params }) => bundle.remove(params.id));

  registerRoute(app, creditSlabRoutes.count, () => creditSlab.count());
  registerRoute(app, creditSlabRoutes.active, () => creditSlab.active());
  registerRoute(app, creditSlabRoutes.query, ({ query }) => creditSlab.query(query));
  registerRoute(app, creditSlabRoutes.list, () => creditSlab.list());
  registerRoute(app, creditSlabRoutes.create, ({ body }) => creditSlab.create(body));
  registerRoute(app, creditSlabRoutes.update, ({ params, body }) =>
    creditSlab.update(params.id, body),
  );
  registerRoute(app, creditSlabRoutes.remove, ({ params }) => creditSlab.remove(params.id));
}
