import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { MeetingListsService } from '../meetings/index.js';
import { createBillingRepo } from './repo.js';
import { registerBillingRoutes } from './routes.js';
import { createBillingService } from './service.js';

export interface BillingNeeds {
  db: Db;
  /** The FREE_MEETING_CREDITS parameter (parameters module). */
  freeMeetingCredits: () => Promise<number>;
}

/** Plans and analysis credits: what users, meetings and the analysis pipeline charge against. */
export function createBillingModule(needs: BillingNeeds) {
  const service = createBillingService(createBillingRepo(needs.db), needs.freeMeetingCredits);
  return {
    service,
    /**
     * The usage routes list meetings, and the meeting lists show the credits left: billing is
     * created first, and given the lists only when the routes are registered.
     */
    registerRoutes(api: FastifyInstance, usage: MeetingListsService): void {
      registerBillingRoutes(api, service, usage);
    },
  };
}
