import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@parley/contracts';

/** A module's routes, registered inside /api/v1. */
export interface RouteModule {
  registerRoutes(api: FastifyInstance): void | Promise<void>;
}

/** Every module's routes under API_PREFIX, in order, then the embedder's own. */
export async function registerApi(
  app: FastifyInstance,
  modules: RouteModule[],
  more?: (api: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(
    async (api) => {
      for (const m of modules) await m.registerRoutes(api);
      await more?.(api);
    },
    { prefix: API_PREFIX },
  );
}
