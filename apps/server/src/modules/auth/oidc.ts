import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { AuthService, SessionGrant } from './service.js';

/** Google and Microsoft sign-in through OpenID Connect (filled in by the OIDC work). */
export async function registerOidcRoutes(
  _app: FastifyInstance,
  _auth: AuthService,
  _config: AppConfig,
  _setSession: (reply: FastifyReply, request: FastifyRequest, grant: SessionGrant) => unknown,
): Promise<void> {}
