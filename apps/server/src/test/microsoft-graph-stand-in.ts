import { CRM_CLIENT, serve, type Base } from './crm-stand-in.js';

/** An event as Microsoft Graph answers it with `Prefer: outlook.timezone="UTC"`. */
export interface GraphEvent {
  id: string;
  subject?: string;
  start: { dateTime: string; timeZone: 'UTC' };
  end: { dateTime: string; timeZone: 'UTC' };
  isAllDay?: boolean;
  isCancelled?: boolean;
  isOrganizer?: boolean;
  onlineMeeting?: { joinUrl: string } | null;
  location?: { displayName: string };
  body?: { contentType: 'html' | 'text'; content: string };
  organizer?: { emailAddress: { address: string } };
  attendees?: { emailAddress: { address: string }; type?: string }[];
}

export interface GraphStandIn extends Base {
  email: string;
  put(event: GraphEvent): void;
  /** Deleted from the calendar: the next delta answers `@removed`. */
  remove(id: string): void;
  /** Delta tokens handed out so far answer 410 Gone (syncStateNotFound). */
  expireDeltaTokens(): void;
}

/** Graph's UTC times carry no offset and seven decimals. */
export const graphTime = (iso: string) => `${new Date(iso).toISOString().slice(0, 19)}.0000000`;

/**
 * A local Microsoft identity platform (v2.0 authorize and token, rotating refresh tokens) and
 * Graph v1.0: /me, and /me/calendarView/delta with its nextLink pages, a deltaLink at the end,
 * `@removed` entries for deleted events and 410 for an expired delta token.
 */
export async function startGraphStandIn(
  opts: { email?: string; pageSize?: number } = {},
): Promise<GraphStandIn> {
  const email = opts.email ?? 'ana@acme.parley.local';
  const pageSize = opts.pageSize ?? 2;
  const events = new Map<string, { event: GraphEvent | null; changed: number }>();
  let serial = 0;
  /** Delta tokens of an older generation are expired. */
  let generation = 0;
  let origin = '';

  const base = await serve({
    tokenPath: '/common/oauth2/v2.0/token',
    tokenReply: () => ({
      token_type: 'Bearer',
      expires_in: 3599,
      scope: 'User.Read Calendars.Read',
    }),
    echoRefresh: true,
    revocation: () => null,
    revokesAccess: false,
    unauthorised: {
      error: {
        code: 'InvalidAuthenticationToken',
        message: 'Access token has expired or is not yet valid.',
      },
    },
    api: ({ method, url }, reply) => {
      if (method === 'GET' && url.pathname === '/v1.0/me') {
        return reply(200, { id: 'u-1', mail: email, userPrincipalName: email });
      }
      if (method !== 'GET' || url.pathname !== '/v1.0/me/calendarView/delta') {
        return reply(404, { error: { code: 'ResourceNotFound', message: 'Not found' } });
      }
      const q = url.searchParams;
      const deltaToken = q.get('$deltatoken');
      const skip = Number(q.get('$skiptoken') ?? '0');
      const [sinceText, genText] = (deltaToken ?? '').split('.');
      const since = deltaToken === null ? null : Number(sinceText);
      if (since !== null && Number(genText) < generation) {
        return reply(410, {
          error: { code: 'SyncStateNotFound', message: 'The sync state generation is not found.' },
        });
      }
      const start = q.get('startDateTime');
      const end = q.get('endDateTime');
      const list: unknown[] = [];
      for (const [id, x] of events) {
        if (since === null) {
          if (!x.event) continue;
          const s = Date.parse(`${x.event.start.dateTime}Z`);
          const e = Date.parse(`${x.event.end.dateTime}Z`);
          if ((start && e <= Date.parse(start)) || (end && s >= Date.parse(end))) continue;
          list.push(x.event);
        } else if (x.changed > since) {
          list.push(
            x.event ?? {
              '@odata.type': '#microsoft.graph.event',
              id,
              '@removed': { reason: 'deleted' },
            },
          );
        }
      }
      const page = list.slice(skip, skip + pageSize);
      const keep = new URLSearchParams(q);
      const body: Record<string, unknown> = {
        '@odata.context': `${origin}/v1.0/$metadata#Collection(event)`,
        value: page,
      };
      if (skip + pageSize < list.length) {
        keep.set('$skiptoken', String(skip + pageSize));
        body['@odata.nextLink'] = `${origin}/v1.0/me/calendarView/delta?${keep.toString()}`;
      } else {
        body['@odata.deltaLink'] =
          `${origin}/v1.0/me/calendarView/delta?$deltatoken=${serial}.${generation}`;
      }
      return reply(200, body);
    },
  });
  origin = base.origin;

  const wrapped: GraphStandIn = {
    ...base,
    email,
    put(event) {
      serial += 1;
      events.set(event.id, { event, changed: serial });
    },
    remove(id) {
      serial += 1;
      events.set(id, { event: null, changed: serial });
    },
    expireDeltaTokens() {
      generation += 1;
    },
  };
  return wrapped;
}

export { CRM_CLIENT as GRAPH_CLIENT };
