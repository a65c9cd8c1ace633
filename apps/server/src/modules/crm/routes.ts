import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PREFIX,
  CRM_PROVIDERS,
  CRM_RETURN_PAGE,
  crmRoutes as r,
  type CrmProvider,
} from '@parley/contracts';
import { notFound } from '../../platform/errors.js';
import { registerRoute } from '../../platform/http/route.js';
import { CRM_FLOW_TTL_MS, type CrmService } from './service.js';

export const CRM_FLOW_COOKIE = 'parley_crm';

export interface CrmRouteOptions {
  publicUrl: string;
  cookieSecure: boolean;
}

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

/** Spec 3 §7 "DELETE hubspot|salesforce", the connect and import calls, and the OAuth callback. */
export function registerCrmRoutes(app: FastifyInstance, crm: CrmService, opts: CrmRouteOptions) {
  const cookieOptions = {
    // Only the callback reads the flow cookie.
    path: `${API_PREFIX}/crm`,
    httpOnly: true,
    // Lax still sends it on the top-level GET back from the CRM.
    sameSite: 'lax' as const,
    secure: opts.cookieSecure,
  };

  registerRoute(app, r.status, ({ auth }) => crm.status(auth));
  for (const p of CRM_PROVIDERS) {
    const routes = r[p];
    registerRoute(app, routes.connect, async ({ auth, reply }) => {
      const { url, flow } = crm.connect(auth, p);
      reply.setCookie(CRM_FLOW_COOKIE, flow, { ...cookieOptions, maxAge: CRM_FLOW_TTL_MS / 1000 });
      return { url };
    });
    registerRoute(app, routes.importNow, ({ auth }) => crm.importNow(auth, p));
    registerRoute(app, routes.remove, ({ auth }) => crm.disconnect(auth, p));
  }

  const back = (p: CrmProvider, params: Record<string, string>) =>
    `${opts.publicUrl}${CRM_RETURN_PAGE}?${new URLSearchParams({ crm: p, ...params }).toString()}`;

  // A browser navigation back from the CRM: every outcome is a redirect to the page.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/crm/:provider/callback',
    {
      schema: {
        summary: 'Finish connecting HubSpot or Salesforce (redirects to /app-integrations)',
        tags: ['integrations'],
        params: z.object({ provider: z.string() }),
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const p = CRM_PROVIDERS.find((x) => x === request.params.provider);
      if (!p) throw notFound();
      const sealed = request.cookies[CRM_FLOW_COOKIE];
      // Single use, whatever happens next.
      reply.clearCookie(CRM_FLOW_COOKIE, cookieOptions);
      const outcome = await crm.completeConnect(p, sealed, request.query);
      return reply.redirect(
        back(p, outcome.ok ? { crmResult: 'connected' } : { crmError: outcome.message }),
        302,
      );
    },
  );
}
