import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { scheduleUploadCleanup, type CleanupDeps } from './cleanup.js';
import { createUploadsRepo } from './repo.js';
import { registerUploadRoutes } from './routes.js';
import { createUploadsService, type UploadsDeps } from './service.js';

export interface UploadsNeeds extends Omit<UploadsDeps, 'repo'> {
  db: Db;
  log: CleanupDeps['log'];
}

/** Chunked uploads that end as meetings, and the clean-up of abandoned ones. */
export function createUploadsModule(needs: UploadsNeeds) {
  const repo = createUploadsRepo(needs.db);
  const service = createUploadsService({ ...needs, repo });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerUploadRoutes(api, service),
    /** Starts the periodic clean-up (serving processes); answers the function that stops it. */
    scheduleCleanup: () => scheduleUploadCleanup({ ...needs, repo }),
  };
}
