import type { FastifyInstance } from 'fastify';
import {
  API_PREFIX,
  CALENDAR_PROVIDERS,
  CALENDAR_RETURN_PAGE,
  calendarRoutes as r,
} from '@parley/contracts';
import { oauthFlowCookie, registerOAuthCallback } from '../../platform/http/oauth-connect.js';
import { registerRoute } from '../../platform/http/route.js';
import type { CalendarService } from './service.js';

export const CALENDAR_FLOW_COOKIE = 'parley_calendar';

export interface CalendarRouteOptions {
  publicUrl: string;
  cookieSecure: boolean;
}

/** Spec 3 §7 `configuration/{google|microsoft}/update`, `DELETE google|microsoft`, the rest. */
export function registerCalendarRoutes(
  app: FastifyInstance,
  s: CalendarService,
  opts: CalendarRouteOptions,
) {
  const cookie = oauthFlowCookie({
    name: CALENDAR_FLOW_COOKIE,
    path: `${API_PREFIX}/calendars`,
    secure: opts.cookieSecure,
  });

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
      cookie.set(reply, flow);
      return { url };
    });
    registerRoute(app, routes.remove, ({ auth }) => s.disconnect(auth, p));
    registerRoute(app, routes.syncNow, ({ auth }) => s.syncNow(auth, p));
  }

  registerOAuthCallback(app, {
    url: '/calendars/:provider/callback',
    summary: 'Finish connecting Google or Microsoft 365 calendar (redirects to /app-integrations)',
    tags: ['integrations'],
    providers: CALENDAR_PROVIDERS,
    cookie,
    complete: (p, sealed, query) => s.completeConnect(p, sealed, query),
    back: { publicUrl: opts.publicUrl, page: CALENDAR_RETURN_PAGE, param: 'calendar' },
  });
}
