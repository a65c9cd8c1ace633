import { CRM_CLIENT, serve, type Base } from './crm-stand-in.js';

/** An event as Google Calendar API v3 answers it (the fields Parley reads). */
export interface GoogleEvent {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  start: { dateTime?: string; date?: string };
  end: { dateTime?: string; date?: string };
  hangoutLink?: string;
  conferenceData?: { entryPoints: { entryPointType: string; uri: string }[] };
  location?: string;
  description?: string;
  organizer?: { email: string; self?: boolean };
  attendees?: { email: string; self?: boolean }[];
}

export interface GoogleCalendarStandIn extends Base {
  /** The calendar owner's address (the primary calendar's id). */
  email: string;
  /** Adds or changes an event (a new change for the next incremental read). */
  put(event: GoogleEvent): void;
  /** Cancels it: incremental reads answer it with status 'cancelled', full reads leave it out. */
  cancel(id: string): void;
  /** Sync tokens handed out so far answer 410 Gone, as Google's do once expired. */
  expireSyncTokens(): void;
  /** The sync tokens events.list has answered, in order. */
  syncTokens: string[];
}

/**
 * A local Google speaking OAuth 2 (consent, code and refresh grants, /revoke) and Calendar
 * API v3's calendars.get and events.list: singleEvents with timeMin/timeMax and pages for a
 * full read, `syncToken` for changes since (with cancelled events), a 410 for an expired
 * token, and a 400 when a syncToken comes with timeMin (Google refuses that mix).
 */
export async function startGoogleCalendarStandIn(
  opts: { email?: string; pageSize?: number } = {},
): Promise<GoogleCalendarStandIn> {
  const email = opts.email ?? 'ana@acme.parley.local';
  const pageSize = opts.pageSize ?? 2;
  const events = new Map<string, { event: GoogleEvent; changed: number }>();
  const syncTokens: string[] = [];
  let serial = 0;
  /** Tokens of an older generation are expired. */
  let generation = 0;

  const startOf = (e: GoogleEvent) =>
    Date.parse(e.start.dateTime ?? `${e.start.date ?? ''}T00:00:00Z`);
  const endOf = (e: GoogleEvent) => Date.parse(e.end.dateTime ?? `${e.end.date ?? ''}T00:00:00Z`);

  const base = await serve({
    tokenPath: '/token',
    authorizePath: '/o/oauth2/v2/auth',
    tokenReply: () => ({
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'https://www.googleapis.com/auth/calendar.readonly',
    }),
    echoRefresh: false,
    revocation: ({ method, url, form }) =>
      method === 'POST' && url.pathname === '/revoke' ? (form.get('token') ?? '') : null,
    revokesAccess: true,
    unauthorised: {
      error: {
        code: 401,
        message: 'Request had invalid authentication credentials.',
        status: 'UNAUTHENTICATED',
      },
    },
    api: ({ method, url }, reply) => {
      if (method === 'GET' && url.pathname === '/calendar/v3/calendars/primary') {
        return reply(200, {
          kind: 'calendar#calendar',
          id: email,
          summary: email,
          timeZone: 'UTC',
        });
      }
      if (method !== 'GET' || url.pathname !== '/calendar/v3/calendars/primary/events') {
        return reply(404, { error: { code: 404, message: 'Not Found' } });
      }
      const q = url.searchParams;
      const syncToken = q.get('syncToken');
      if (syncToken && (q.has('timeMin') || q.has('timeMax'))) {
        return reply(400, {
          error: { code: 400, message: 'Sync token cannot be used with timeMin.' },
        });
      }
      let list: GoogleEvent[];
      if (syncToken) {
        const m = /^sync-(\d+)\.(\d+)$/.exec(syncToken);
        if (!m) return reply(400, { error: { code: 400, message: 'Invalid sync token' } });
        const since = Number(m[1]);
        if (Number(m[2]) < generation) {
          return reply(410, {
            error: {
              code: 410,
              message: 'Sync token is no longer valid, a full sync is required.',
              errors: [{ reason: 'fullSyncRequired' }],
            },
          });
        }
        list = [...events.values()].filter((x) => x.changed > since).map((x) => x.event);
      } else {
        const min = Date.parse(q.get('timeMin') ?? '');
        const max = Date.parse(q.get('timeMax') ?? '');
        list = [...events.values()]
          .map((x) => x.event)
          .filter((e) => e.status !== 'cancelled')
          .filter(
            (e) => (Number.isNaN(max) || startOf(e) < max) && (Number.isNaN(min) || endOf(e) > min),
          )
          .sort((a, b) => startOf(a) - startOf(b));
      }
      const offset = Number(q.get('pageToken') ?? '0');
      const page = list.slice(offset, offset + pageSize);
      const more = offset + pageSize < list.length;
      const body: Record<string, unknown> = { kind: 'calendar#events', items: page };
      if (more) body.nextPageToken = String(offset + pageSize);
      else {
        const token = `sync-${serial}.${generation}`;
        syncTokens.push(token);
        body.nextSyncToken = token;
      }
      return reply(200, body);
    },
  });

  return {
    ...base,
    email,
    syncTokens,
    put(event) {
      serial += 1;
      events.set(event.id, { event: { status: 'confirmed', ...event }, changed: serial });
    },
    cancel(id) {
      const found = events.get(id);
      if (!found) throw new Error(`no event ${id}`);
      serial += 1;
      events.set(id, {
        event: { id, status: 'cancelled', start: found.event.start, end: found.event.end },
        changed: serial,
      });
    },
    expireSyncTokens() {
      generation += 1;
    },
  };
}

export { CRM_CLIENT as CALENDAR_CLIENT };
