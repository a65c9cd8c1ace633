import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createUserLogsRepo } from './repo.js';
import { registerUserLogRoutes } from './routes.js';
import { createUserLogsService } from './service.js';

/** User logs: the activity log (platform/audit.ts writes it) read back per user and per day. */
export function createUserLogsModule(needs: {
  db: Db;
  now: () => Date;
  /** Writes the calls still buffered (platform/audit.ts), so a read includes the latest. */
  flushActivity: () => Promise<void>;
}) {
  const service = createUserLogsService({
    repo: createUserLogsRepo(needs.db),
    now: needs.now,
    flushActivity: needs.flushActivity,
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerUserLogRoutes(api, service),
  };
}
