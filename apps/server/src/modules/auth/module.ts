import type { AccessCache } from '../../platform/access-cache.js';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { Mailer } from '../../platform/mail.js';
import { createTokenService } from '../../platform/tokens.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { UsersService } from '../users/index.js';
import { registerOidcRoutes } from './oidc.js';
import { createAuthRepo } from './repo.js';
import { registerAuthRoutes } from './routes.js';
import { createAuthService } from './service.js';

export interface AuthNeeds {
  config: AppConfig;
  db: Db;
  users: UsersService;
  organizations: OrganizationsService;
  mailer: Mailer;
  now: () => Date;
  access: AccessCache;
}

/** Sign-up, sign-in by code or OIDC, sessions and their refresh tokens. */
export function createAuthModule(needs: AuthNeeds) {
  const { config, now } = needs;
  const service = createAuthService({
    ...needs,
    repo: createAuthRepo(needs.db, needs.access),
    tokens: createTokenService(
      config.appSecret,
      config.env.ACCESS_TOKEN_TTL_SECONDS,
      now,
      config.env.ACCESS_CACHE_MS,
    ),
  });
  return {
    service,
    async registerRoutes(api: FastifyInstance): Promise<void> {
      const { setSession } = registerAuthRoutes(api, service, config);
      await registerOidcRoutes(api, service, config, setSession);
    },
  };
}
