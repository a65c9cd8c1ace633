import { z } from 'zod';
import { changesSince, getJson, postForm, tokenGrants } from './http.js';
import { findMeetingLink } from './links.js';
import type {
  CalendarChanges,
  CalendarClient,
  CalendarEventData,
  CalendarSession,
  SyncWindow,
} from './types.js';

/**
 * Google Calendar API v3: OAuth 2 (authorisation code with offline access, refresh, revoke),
 * the primary calendar's id as the account's address, and events.list with singleEvents: the
 * window first, then only changes with the nextSyncToken it answered (410 Gone: read again).
 */
export interface GoogleCalendarOptions {
  clientId: string;
  clientSecret: string;
  /** accounts.google.com: the consent page. */
  authOrigin: string;
  /** oauth2.googleapis.com: token and revoke. */
  tokenOrigin: string;
  /** www.googleapis.com: the Calendar API. */
  apiOrigin: string;
  /** This server's origin, whose room links count as meeting links. */
  parleyOrigin: string;
  fetch: typeof fetch;
}

const SCOPES = ['https://www.googleapis.com/auth/calendar.readonly'];

const when = z.object({ dateTime: z.string().optional(), date: z.string().optional() });
const person = z.object({ email: z.string().optional(), self: z.boolean().optional() });
const eventSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  summary: z.string().optional(),
  start: when.optional(),
  end: when.optional(),
  hangoutLink: z.string().optional(),
  conferenceData: z
    .object({
      entryPoints: z
        .array(z.object({ entryPointType: z.string().optional(), uri: z.string().optional() }))
        .optional(),
    })
    .optional(),
  location: z.string().optional(),
  description: z.string().optional(),
  organizer: person.optional(),
  attendees: z.array(person).optional(),
});
const listResponse = z.object({
  items: z.array(eventSchema).default([]),
  nextPageToken: z.string().optional(),
  nextSyncToken: z.string().optional(),
});

/** An all-day event (date only) is not a call; a timed one has dateTime. */
const instant = (w: z.infer<typeof when> | undefined) =>
  w?.dateTime ? new Date(w.dateTime) : null;

export function toEventData(
  e: z.infer<typeof eventSchema>,
  parleyOrigin: string,
): CalendarEventData | null {
  const startAt = instant(e.start);
  const endAt = instant(e.end);
  if (!startAt || !endAt) return null;
  const video = e.conferenceData?.entryPoints?.find((p) => p.entryPointType === 'video')?.uri;
  const emails = new Set<string>();
  for (const p of [e.organizer, ...(e.attendees ?? [])]) {
    if (p?.email) emails.add(p.email.toLowerCase());
  }
  return {
    externalId: e.id,
    title: e.summary?.trim() || 'Untitled meeting',
    startAt,
    endAt,
    meetingLink: findMeetingLink(
      { direct: [e.hangoutLink, video], text: [e.location, e.description] },
      parleyOrigin,
    ),
    hostedByMe: e.organizer?.self === true,
    attendeeEmails: [...emails],
  };
}

export function createGoogleCalendarClient(o: GoogleCalendarOptions): CalendarClient {
  const grants = tokenGrants({
    fetch: o.fetch,
    provider: 'Google',
    url: `${o.tokenOrigin}/token`,
    client: { client_id: o.clientId, client_secret: o.clientSecret },
  });
  const eventsUrl = `${o.apiOrigin}/calendar/v3/calendars/primary/events`;

  async function read(
    session: CalendarSession,
    params: Record<string, string>,
    full: boolean,
  ): Promise<CalendarChanges> {
    const events: CalendarEventData[] = [];
    const removed: string[] = [];
    let pageToken: string | undefined;
    for (;;) {
      const q = new URLSearchParams({ ...params, ...(pageToken ? { pageToken } : {}) });
      const page = listResponse.parse(
        await getJson(o.fetch, session, 'Google Calendar events', `${eventsUrl}?${q.toString()}`),
      );
      for (const item of page.items) {
        const data = item.status === 'cancelled' ? null : toEventData(item, o.parleyOrigin);
        if (data?.meetingLink) events.push(data);
        // Cancelled, all-day, or its link removed: whatever Parley kept of it goes.
        else removed.push(item.id);
      }
      if (page.nextPageToken) {
        pageToken = page.nextPageToken;
        continue;
      }
      if (!page.nextSyncToken)
        throw new Error('Google answered the last page without a sync token');
      return { events, removed, nextState: page.nextSyncToken, full };
    }
  }

  return {
    authorizeUrl({ state, redirectUri }) {
      const q = new URLSearchParams({
        client_id: o.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPES.join(' '),
        access_type: 'offline',
        // A refresh token again when the user connects a second time.
        prompt: 'consent',
        include_granted_scopes: 'true',
        state,
      });
      return `${o.authOrigin}/o/oauth2/v2/auth?${q.toString()}`;
    },
    ...grants,
    async revoke(t) {
      await postForm(o.fetch, 'Google revoke', `${o.tokenOrigin}/revoke`, {
        token: t.refreshToken,
      });
    },
    async accountEmail(session) {
      const cal = z
        .object({ id: z.string() })
        .parse(
          await getJson(
            o.fetch,
            session,
            'Google Calendar',
            `${o.apiOrigin}/calendar/v3/calendars/primary`,
          ),
        );
      return cal.id;
    },
    changes(session, state, window: SyncWindow) {
      const base = { singleEvents: 'true', maxResults: '250' };
      return changesSince(
        state,
        (syncToken) => read(session, { ...base, syncToken, showDeleted: 'true' }, false),
        () =>
          read(
            session,
            { ...base, timeMin: window.from.toISOString(), timeMax: window.to.toISOString() },
            true,
          ),
      );
    },
  };
}
