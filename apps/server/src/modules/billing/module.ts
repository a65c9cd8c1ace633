import type { AccessCache } from '../../platform/access-cache.js';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { MeetingListsService } from '../meetings/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import { registerPlanRoutes } from './plan-routes.js';
import { createPlansRepo } from './plans-repo.js';
import { createPlansService } from './plans-service.js';
import { createBillingRepo } from './repo.js';
import { registerBillingRoutes } from './routes.js';
import { createBillingService } from './service.js';

export interface BillingNeeds {
  db: Db;
  /** The FREE_MEETING_CREDITS parameter (parameters module). */
  freeMeetingCredits: () => Promise<number>;
  /** What plans are priced from: bundles and credit slabs on sale. */
  catalogue: CatalogueService;
  access: AccessCache;
}

/** Plans, what they are bought from, and analysis credits: what users, meetings and the analysis pipeline charge against. */
export function createBillingModule(needs: BillingNeeds) {
  const repo = createBillingRepo(needs.db);
  const service = createBillingService(repo, needs.freeMeetingCredits, needs.access);
  const plans = createPlansService({
    plans: createPlansRepo(needs.db),
    billing: repo,
    catalogue: needs.catalogue,
    access: needs.access,
  });
  return {
    service,
    /** Paid plans; `plans.activate(planId)` is what a payment calls. */
    plans,
    /**
     * The usage routes list meetings, and the meeting lists show the credits left: billing is
     * created first, and given the lists only when the routes are registered.
     */
    registerRoutes(api: FastifyInstance, usage: MeetingListsService): void {
      registerBillingRoutes(api, service, usage);
      registerPlanRoutes(api, service, plans);
    },
  };
}
