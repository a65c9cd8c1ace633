import type { FastifyInstance } from 'fastify';
import { API_PREFIX, crmCallbackPath, type CrmProvider } from '@parley/contracts';
import { cookiesSecure, type AppConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { EndpointGuard } from '../../platform/net/endpoint-guard.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { IntegrationConfigs } from '../integrations/index.js';
import { createHubSpotClient } from './hubspot.js';
import { defaultHttp, type CrmHttp } from './http.js';
import { createCrmRepo } from './repo.js';
import { registerCrmRoutes } from './routes.js';
import { createSalesforceClient } from './salesforce.js';
import { createCrmService, type CrmDeps } from './service.js';
import type { CrmClient } from './types.js';

export interface CrmNeeds {
  db: Db;
  /** The integrations module's repository of integration_configs, where connections live. */
  configs: IntegrationConfigs;
  config: Pick<AppConfig, 'crm' | 'publicUrl' | 'env'>;
  secrets: SecretBox;
  /** Every call to a CRM goes through it, as other outside calls do. */
  endpoints: EndpointGuard;
  queue: JobQueue;
  matchDeal: CrmDeps['matchDeal'];
  membersByEmail: CrmDeps['membersByEmail'];
  salesFeature: CrmDeps['salesFeature'];
  callNote: CrmDeps['callNote'];
  now: () => Date;
  log: CrmDeps['log'];
  /** Tests shorten the waits a 429 asks for. */
  http?: Partial<CrmHttp>;
}

/**
 * HubSpot and Salesforce (issue 16 item 7). Created after the sales and insights modules; app.ts
 * subscribes `service.analysed` to the analysis' finish and runs the workers where jobs run.
 */
export function createCrmModule(needs: CrmNeeds) {
  const http: CrmHttp = { ...defaultHttp(needs.endpoints.fetch), ...needs.http };
  const { hubspot, salesforce } = needs.config.crm;
  const clients: Partial<Record<CrmProvider, CrmClient>> = {
    ...(hubspot ? { hubspot: createHubSpotClient({ ...hubspot, http }) } : {}),
    ...(salesforce ? { salesforce: createSalesforceClient({ ...salesforce, http }) } : {}),
  };
  const publicUrl = needs.config.publicUrl;
  const service = createCrmService({
    repo: createCrmRepo(needs.db),
    configs: needs.configs,
    clients,
    secrets: needs.secrets,
    queue: needs.queue,
    publicUrl,
    // Built from PUBLIC_URL so it matches what is registered with the CRM's app.
    redirectUri: (p) => `${publicUrl}${API_PREFIX}${crmCallbackPath(p)}`,
    matchDeal: needs.matchDeal,
    membersByEmail: needs.membersByEmail,
    salesFeature: needs.salesFeature,
    importEveryMs: needs.config.crm.importEveryMs,
    callNote: needs.callNote,
    now: needs.now,
    log: needs.log,
  });
  return {
    service,
    registerWorker: () => service.registerWorker(),
    registerRoutes: (api: FastifyInstance) =>
      registerCrmRoutes(api, service, {
        publicUrl,
        cookieSecure: cookiesSecure(needs.config),
      }),
  };
}
export type CrmModule = ReturnType<typeof createCrmModule>;
