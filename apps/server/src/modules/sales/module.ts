import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { MediaLinks } from '../../platform/media/links.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingsService } from '../meetings/index.js';
import { createSalesRepo } from './repo.js';
import { registerSalesRoutes } from './routes.js';
import { createSalesService, type SalesDeps } from './service.js';

export interface SalesNeeds {
  db: Db;
  meetings: MeetingsService;
  links: MediaLinks;
  queue: JobQueue;
  now: () => Date;
  log: SalesDeps['log'];
  /** How often the worker asks for the daily warnings pass (DEAL_WARNINGS_CHECK_SECONDS). */
  warningsCheckSeconds: number;
}

/**
 * Sales accounts, deals and contacts, and the teams and deals view (issue 16). Deal warnings
 * are computed by its jobs: app.ts tells `service.meetingAnalysed` of every finished analysis
 * and runs `registerWorker` where jobs run.
 */
export function createSalesModule(needs: SalesNeeds) {
  const service = createSalesService({ ...needs, repo: createSalesRepo(needs.db) });
  return {
    service,
    registerWorker: () => service.registerWorker(),
    registerRoutes: (api: FastifyInstance) => registerSalesRoutes(api, service),
  };
}
export type SalesModule = ReturnType<typeof createSalesModule>;
