import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { EndpointGuard } from '../../platform/net/endpoint-guard.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { IntegrationConfigs } from '../integrations/index.js';
import { createZoomRepo } from './repo.js';
import { registerZoomRoutes } from './routes.js';
import { createZoomService, type ZoomDeps } from './service.js';

export interface ZoomNeeds {
  db: Db;
  configs: IntegrationConfigs;
  config: Pick<AppConfig, 'zoom' | 'publicUrl'>;
  secrets: SecretBox;
  endpoints: EndpointGuard;
  queue: JobQueue;
  resolveStore: StoreResolver;
  meetings: ZoomDeps['meetings'];
  membersByEmail: ZoomDeps['membersByEmail'];
  callerOf: ZoomDeps['callerOf'];
  now: () => Date;
  log: ZoomDeps['log'];
}

/** Zoom cloud recordings imported and analysed (issue 18 item 3). */
export function createZoomModule(needs: ZoomNeeds) {
  const service = createZoomService({
    ...needs,
    repo: createZoomRepo(needs.db),
    fetch: needs.endpoints.fetch,
    oauthOrigin: needs.config.zoom.oauthOrigin,
    publicUrl: needs.config.publicUrl,
  });
  return {
    service,
    registerWorker: () => service.registerWorker(),
    registerRoutes: (api: FastifyInstance) => registerZoomRoutes(api, service),
  };
}
export type ZoomModule = ReturnType<typeof createZoomModule>;
