import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PREFIX,
  CALENDAR_PROVIDERS,
  CALENDAR_RETURN_PAGE,
  calendarRoutes as r,
  type CalendarProvider,
} from '@parley/contracts';
import { notFound } from '../../platform/errors.js';
import { registerRoute } from '../../platform/http/route.js';
import { CALENDAR_FLOW_TTL_MS, type CalendarService } from './service.js';

export const CALENDAR_FLOW_COOKIE = 'parley_calendar';

export interface CalendarRouteOptions {
  publicUrl: string;
  cookieSecure: boolean;
}

const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
});

/** Spec 3 §7 `configuration/{google|microsoft}/update`, `DELETE google|microsoft`, the rest. */
export function registerCalendarRoutes(
  app: FastifyInstance,
  s: CalendarService,
  opts: CalendarRouteOptions,
) {
  const cookieOptions = {
    // Only the callback reads the flow cookie.
    path: `${API_PREFIX}/calendars`,
    httpOnly: true,
    // Lax still sends it on the top-level GET back from the provider.
    sameSite: 'lax' as const,
    secure: opts.cookieSecure,
  };

  registerRoute(app, r.status, ({ auth }) => s.status(auth));
  registerRoute(app, r.setRule, ({ auth, body }) => s.setRule(auth, body.rule));
  registerRoute(app, r.events, ({ auth }) => s.events(auth));
  registerRoute(app, r.setEventAutoJoin, ({ auth, params, body }) =>
    s.setEventAutoJoin(auth, params.meetingId, body.autoJoin),
  );
  for (const p of CALENDAR_PROVIDERS) {
    const routes = r[p];
    registerRoute(app, routes.connect, async ({ auth, reply }) => {
      const { url, flow } = s.connect(auth, p);
      reply.setCookie(CALENDAR_FLOW_COOKIE, flow, {
        ...cookieOptions,
        maxAge: CALENDAR_FLOW_TTL_MS / 1000,
      });
      return { url };
    });
    registerRoute(app, routes.remove, ({ auth }) => s.disconnect(auth, p));
    registerRoute(app, routes.syncNow, ({ auth }) => s.syncNow(auth, p));
  }

  const back = (p: CalendarProvider, params: Record<string, string>) =>
    `${opts.publicUrl}${CALENDAR_RETURN_PAGE}?${new URLSearchParams({ calendar: p, ...params }).toString()}`;

  // A browser navigation back from the provider: every outcome is a redirect to the page.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/calendars/:provider/callback',
    {
      schema: {
        summary:
          'Finish connecting Google or Microsoft 365 calendar (redirects to /app-integrations)',
        tags: ['integrations'],
        params: z.object({ provider: z.string() }),
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const p = CALENDAR_PROVIDERS.find((x) => x === request.params.provider);
      if (!p) throw notFound();
      const sealed = request.cookies[CALENDAR_FLOW_COOKIE];
      reply.clearCookie(CALENDAR_FLOW_COOKIE, cookieOptions);
      const outcome = await s.completeConnect(p, sealed, request.query);
      return reply.redirect(
        back(p, outcome.ok ? { calendarResult: 'connected' } : { calendarError: outcome.message }),
        302,
      );
    },
  );
}
