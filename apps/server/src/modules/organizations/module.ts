import type { AccessCache } from '../../platform/access-cache.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ActivityLog } from '../../platform/audit.js';
import type { Db } from '../../platform/db/client.js';
import type { Mailer } from '../../platform/mail.js';
import type { ImageLinks } from '../../platform/media/image-links.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { BillingService } from '../billing/index.js';
import type { LocationsService } from '../locations/index.js';
import { createAddressRepo } from './address-repo.js';
import { createDashboardRepo } from './dashboard-repo.js';
import { createDeletionJobs, type DeletionDeps } from './deletion.js';
import { createOrganizationsRepo } from './repo.js';
import { registerOrganizationRoutes } from './routes.js';
import { createOrganizationsService } from './service.js';

export interface OrganizationsNeeds {
  db: Db;
  plans: BillingService;
  locations: LocationsService;
  mailer: Mailer;
  images: ImageLinks;
  publicUrl: string;
  now: () => Date;
  log: FastifyBaseLogger;
  /** The activity log's writer (platform/audit.ts): the dashboard writes what is buffered first. */
  activityLog: ActivityLog;
  access: AccessCache;
}

/**
 * Organisations: team and talent-pool organisations for sign-up, and the super admin's
 * Organization Management (list, invite, rename, dashboard, deletion in the background), and
 * each organisation's billing and shipping addresses.
 */
export function createOrganizationsModule(needs: OrganizationsNeeds) {
  const repo = createOrganizationsRepo(needs.db, needs.access);
  let jobs: ReturnType<typeof createDeletionJobs> | null = null;
  const service = createOrganizationsService({
    repo,
    addresses: createAddressRepo(needs.db),
    locations: needs.locations,
    dashboard: createDashboardRepo(needs.db),
    flushActivity: needs.activityLog.flush,
    plans: needs.plans,
    mailer: needs.mailer,
    images: needs.images,
    publicUrl: needs.publicUrl,
    now: needs.now,
    async queueDeletion(organizationId) {
      // Without the queue the organisation stays closed; the next start queues its removal.
      if (jobs) await jobs.enqueue(organizationId);
      else needs.log.warn({ organizationId }, 'organisation deletion queued at next start');
    },
  });
  return {
    service,
    /**
     * Once the job queue runs: in a process that runs jobs, works the deletion queue (its
     * definition is in the queue list app.ts starts).
     */
    async startJobs(
      queue: JobQueue,
      stores: Pick<DeletionDeps, 'resolveStore' | 'connectedClouds'>,
      runsJobs: boolean,
    ) {
      jobs = createDeletionJobs(queue, { repo, ...stores, log: needs.log });
      if (runsJobs) await jobs.work();
    },
    registerRoutes: (api: FastifyInstance) => registerOrganizationRoutes(api, service),
  };
}
