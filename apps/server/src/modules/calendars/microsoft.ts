import { z } from 'zod';
import { changesSince, getJson, tokenGrants } from './http.js';
import { findMeetingLink } from './links.js';
import type {
  CalendarChanges,
  CalendarClient,
  CalendarEventData,
  CalendarSession,
} from './types.js';

/**
 * Microsoft 365 through Microsoft Graph v1.0: OAuth 2 on the identity platform (v2.0
 * endpoints, rotating refresh tokens), /me for the account's address, and calendarView/delta:
 * the window first, then only changes from the deltaLink it answered (410: read again).
 */
export interface MicrosoftCalendarOptions {
  clientId: string;
  clientSecret: string;
  /** login.microsoftonline.com */
  loginOrigin: string;
  /** 'common' for work and personal accounts, or one organisation's tenant id. */
  tenant: string;
  /** graph.microsoft.com */
  graphOrigin: string;
  parleyOrigin: string;
  fetch: typeof fetch;
}

const SCOPES = ['offline_access', 'User.Read', 'Calendars.Read'];
const PREFER = { prefer: 'outlook.timezone="UTC", odata.maxpagesize=50' };

const when = z.object({ dateTime: z.string(), timeZone: z.string().optional() });
const address = z.object({
  emailAddress: z.object({ address: z.string().optional() }).optional(),
});
const eventSchema = z.object({
  id: z.string(),
  '@removed': z.object({ reason: z.string().optional() }).optional(),
  subject: z.string().nullable().optional(),
  start: when.optional(),
  end: when.optional(),
  isAllDay: z.boolean().optional(),
  isCancelled: z.boolean().optional(),
  isOrganizer: z.boolean().optional(),
  onlineMeeting: z.object({ joinUrl: z.string().nullable().optional() }).nullable().optional(),
  onlineMeetingUrl: z.string().nullable().optional(),
  location: z.object({ displayName: z.string().nullable().optional() }).nullable().optional(),
  body: z.object({ content: z.string().nullable().optional() }).nullable().optional(),
  organizer: address.nullable().optional(),
  attendees: z.array(address).nullable().optional(),
});
const deltaResponse = z.object({
  value: z.array(eventSchema).default([]),
  '@odata.nextLink': z.string().optional(),
  '@odata.deltaLink': z.string().optional(),
});

/** Graph answers UTC times (as asked) without an offset: "2026-11-27T15:00:00.0000000". */
const instant = (w: z.infer<typeof when>) =>
  new Date(/[zZ]|[+-]\d\d:\d\d$/.test(w.dateTime) ? w.dateTime : `${w.dateTime}Z`);

export function toEventData(
  e: z.infer<typeof eventSchema>,
  parleyOrigin: string,
): CalendarEventData | null {
  if (!e.start || !e.end || e.isAllDay) return null;
  const emails = new Set<string>();
  for (const p of [e.organizer, ...(e.attendees ?? [])]) {
    const a = p?.emailAddress?.address;
    if (a) emails.add(a.toLowerCase());
  }
  return {
    externalId: e.id,
    title: e.subject?.trim() || 'Untitled meeting',
    startAt: instant(e.start),
    endAt: instant(e.end),
    meetingLink: findMeetingLink(
      {
        direct: [e.onlineMeeting?.joinUrl, e.onlineMeetingUrl],
        text: [e.location?.displayName, e.body?.content],
      },
      parleyOrigin,
    ),
    hostedByMe: e.isOrganizer === true,
    attendeeEmails: [...emails],
  };
}

export function createMicrosoftCalendarClient(o: MicrosoftCalendarOptions): CalendarClient {
  const identity = `${o.loginOrigin}/${encodeURIComponent(o.tenant)}/oauth2/v2.0`;
  const grants = tokenGrants({
    fetch: o.fetch,
    provider: 'Microsoft',
    url: `${identity}/token`,
    client: { client_id: o.clientId, client_secret: o.clientSecret, scope: SCOPES.join(' ') },
  });

  async function read(
    session: CalendarSession,
    first: string,
    full: boolean,
  ): Promise<CalendarChanges> {
    const events: CalendarEventData[] = [];
    const removed: string[] = [];
    let url = first;
    for (;;) {
      const page = deltaResponse.parse(
        await getJson(o.fetch, session, 'Microsoft Graph calendar delta', url, PREFER),
      );
      for (const item of page.value) {
        const data =
          item['@removed'] || item.isCancelled ? null : toEventData(item, o.parleyOrigin);
        if (data?.meetingLink) events.push(data);
        else removed.push(item.id);
      }
      const next = page['@odata.nextLink'];
      if (next) {
        url = sameOrigin(next);
        continue;
      }
      const delta = page['@odata.deltaLink'];
      if (!delta) throw new Error('Microsoft Graph answered the last page without a deltaLink');
      return { events, removed, nextState: sameOrigin(delta), full };
    }
  }

  /** Links Graph answers are followed only on Graph's own origin (the token goes with them). */
  function sameOrigin(link: string): string {
    if (new URL(link).origin !== new URL(o.graphOrigin).origin) {
      throw new Error('Microsoft Graph answered a link to another origin');
    }
    return link;
  }

  return {
    authorizeUrl({ state, redirectUri }) {
      const q = new URLSearchParams({
        client_id: o.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        response_mode: 'query',
        scope: SCOPES.join(' '),
        state,
      });
      return `${identity}/authorize?${q.toString()}`;
    },
    ...grants,
    revoke() {
      // The identity platform has no endpoint that revokes one app's refresh token (only all of
      // a user's sessions, which would sign them out everywhere): the user removes the app.
      return Promise.reject(new Error('Microsoft has no per-app token revocation'));
    },
    async accountEmail(session) {
      const me = z
        .object({ mail: z.string().nullable().optional(), userPrincipalName: z.string() })
        .parse(await getJson(o.fetch, session, 'Microsoft Graph /me', `${o.graphOrigin}/v1.0/me`));
      return me.mail ?? me.userPrincipalName;
    },
    changes(session, state, window) {
      // 410 Gone (syncStateNotFound / resyncRequired): start from the window again.
      return changesSince(
        state,
        (deltaLink) => read(session, sameOrigin(deltaLink), false),
        () => {
          const q = new URLSearchParams({
            startDateTime: window.from.toISOString(),
            endDateTime: window.to.toISOString(),
          });
          return read(session, `${o.graphOrigin}/v1.0/me/calendarView/delta?${q.toString()}`, true);
        },
      );
    },
  };
}
