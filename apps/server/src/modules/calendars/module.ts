import type { FastifyInstance } from 'fastify';
import { API_PREFIX, calendarCallbackPath, type CalendarProvider } from '@parley/contracts';
import { cookiesSecure, type AppConfig } from '../../config.js';
import type { Db } from '../../platform/db/client.js';
import type { EndpointGuard } from '../../platform/net/endpoint-guard.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { AutoJoiner } from './auto-join.js';
import { createGoogleCalendarClient } from './google.js';
import { createMicrosoftCalendarClient } from './microsoft.js';
import { createCalendarRepo } from './repo.js';
import { registerCalendarRoutes } from './routes.js';
import { createCalendarService, type CalendarDeps } from './service.js';
import type { ScheduledMeetings } from './sync.js';
import type { CalendarClient } from './types.js';

export interface CalendarNeeds {
  db: Db;
  config: Pick<AppConfig, 'calendars' | 'publicUrl' | 'env'>;
  secrets: SecretBox;
  /** Every call to a provider goes through it, as other outside calls do. */
  endpoints: EndpointGuard;
  queue: JobQueue;
  meetings: ScheduledMeetings;
  /** The bots module's startBot; the lead wires it (see AutoJoiner). */
  joiner: AutoJoiner;
  now: () => Date;
  log: CalendarDeps['log'];
}

/** Google and Microsoft 365 calendars per user, and auto-join (issue 18 item 3). */
export function createCalendarsModule(needs: CalendarNeeds) {
  const { google, microsoft, syncEveryMs } = needs.config.calendars;
  const publicUrl = needs.config.publicUrl;
  const parleyOrigin = new URL(publicUrl).origin;
  const fetchImpl = needs.endpoints.fetch;
  const clients: Partial<Record<CalendarProvider, CalendarClient>> = {
    ...(google
      ? { google: createGoogleCalendarClient({ ...google, parleyOrigin, fetch: fetchImpl }) }
      : {}),
    ...(microsoft
      ? {
          microsoft: createMicrosoftCalendarClient({
            ...microsoft,
            parleyOrigin,
            fetch: fetchImpl,
          }),
        }
      : {}),
  };
  const service = createCalendarService({
    repo: createCalendarRepo(needs.db),
    clients,
    secrets: needs.secrets,
    queue: needs.queue,
    meetings: needs.meetings,
    joiner: needs.joiner,
    // Built from PUBLIC_URL so it matches what is registered with the provider's app.
    redirectUri: (p) => `${publicUrl}${API_PREFIX}${calendarCallbackPath(p)}`,
    syncEveryMs,
    now: needs.now,
    log: needs.log,
  });
  return {
    service,
    registerWorker: () => service.registerWorker(),
    registerRoutes: (api: FastifyInstance) =>
      registerCalendarRoutes(api, service, {
        publicUrl,
        cookieSecure: cookiesSecure(needs.config),
      }),
  };
}
export type CalendarsModule = ReturnType<typeof createCalendarsModule>;
