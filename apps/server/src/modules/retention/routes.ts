import type { FastifyInstance } from 'fastify';
import { retentionRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { RetentionService } from './service.js';

/** The organisation's retention settings (its managers'). */
export function registerRetentionRoutes(app: FastifyInstance, retention: RetentionService): void {
  registerRoute(app, retentionRoutes.getSettings, ({ auth }) => retention.settings(auth));
  registerRoute(app, retentionRoutes.updateSettings, ({ auth, body }) =>
    retention.updateSettings(auth, body),
  );
}
