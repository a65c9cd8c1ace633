import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createPrivacyRepo } from './repo.js';
import { registerPrivacyRoutes } from './routes.js';
import { createPrivacyService } from './service.js';

export interface PrivacyNeeds {
  db: Db;
  now: () => Date;
}

/** PII redaction: the organisation's settings and the masking every transcript write goes through. */
export function createPrivacyModule(needs: PrivacyNeeds) {
  const service = createPrivacyService({ repo: createPrivacyRepo(needs.db), now: needs.now });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerPrivacyRoutes(api, service),
  };
}
