import type { FastifyInstance } from 'fastify';
import { privacyRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { PrivacyService } from './service.js';

/** The organisation's PII redaction settings (its point of contact's). */
export function registerPrivacyRoutes(app: FastifyInstance, privacy: PrivacyService): void {
  registerRoute(app, privacyRoutes.getSettings, ({ auth }) => privacy.settings(auth));
  registerRoute(app, privacyRoutes.updateSettings, ({ auth, body }) =>
    privacy.updateSettings(auth, body),
  );
}
