import type { FastifyInstance } from 'fastify';
import type { Mailer } from '../../platform/mail.js';
import { registerDevRoutes } from './routes.js';

export interface DevNeeds {
  mailer: Mailer;
}

/** Development helpers (the outbox); the app registers them only with DEV_OUTBOX=true. */
export function createDevModule(needs: DevNeeds) {
  return {
    registerRoutes: (api: FastifyInstance) => registerDevRoutes(api, needs.mailer),
  };
}
