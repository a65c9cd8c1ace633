import type { FastifyInstance } from 'fastify';
import { API_PREFIX, CRM_PROVIDERS, CRM_RETURN_PAGE, crmRoutes as r } from '@parley/contracts';
import { oauthFlowCookie, registerOAuthCallback } from '../../platform/http/oauth-connect.js';
import { registerRoute } from '../../platform/http/route.js';
import type { CrmService } from './service.js';

export const CRM_FLOW_COOKIE = 'parley_crm';

export interface CrmRouteOptions {
  publicUrl: string;
  cookieSecure: boolean;
}

/** Spec 3 §7 "DELETE hubspot|salesforce", the connect and import calls, and the OAuth callback. */
export function registerCrmRoutes(app: FastifyInstance, crm: CrmService, opts: CrmRouteOptions) {
  const cookie = oauthFlowCookie({
    name: CRM_FLOW_COOKIE,
    path: `${API_PREFIX}/crm`,
    secure: opts.cookieSecure,
  });

  registerRoute(app, r.status, ({ auth }) => crm.status(auth));
  for (const p of CRM_PROVIDERS) {
    const routes = r[p];
    registerRoute(app, routes.connect, async ({ auth, reply }) => {
      const { url, flow } = crm.connect(auth, p);
      cookie.set(reply, flow);
      return { url };
    });
    registerRoute(app, routes.importNow, ({ auth }) => crm.importNow(auth, p));
    registerRoute(app, routes.remove, ({ auth }) => crm.disconnect(auth, p));
  }

  registerOAuthCallback(app, {
    url: '/crm/:provider/callback',
    summary: 'Finish connecting HubSpot or Salesforce (redirects to /app-integrations)',
    tags: ['integrations'],
    providers: CRM_PROVIDERS,
    cookie,
    complete: (p, sealed, query) => crm.completeConnect(p, sealed, query),
    back: { publicUrl: opts.publicUrl, page: CRM_RETURN_PAGE, param: 'crm' },
  });
}
