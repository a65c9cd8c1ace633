import { z } from 'zod';
import { getJson, postForm } from './http.js';
import { findMeetingLink } from './links.js';
import {
  CalendarHttpError,
  type CalendarChanges,
  type CalendarClient,
  type CalendarEventData,
  type CalendarSession,
  type CalendarTokens,
  type SyncWindow,
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

const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number(),
});

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
  const tokens = (raw: unknown, previous?: CalendarTokens): CalendarTokens => {
    const t = tokenResponse.parse(raw);
    const refreshToken = t.refresh_token ?? previous?.refreshToken;
    if (!refreshToken) throw new Error('Google answered without a refresh token');
    return {
      accessToken: t.access_token,
      refreshToken,
      expiresAt: Date.now() + t.expires_in * 1000,
    };
  };
  const grant = (form: Record<string, string>) =>
    postForm(o.fetch, 'Google token', `${o.tokenOrigin}/token`, {
      client_id: o.clientId,
      client_secret: o.clientSecret,
      ...form,
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
    async exchangeCode({ code, redirectUri }) {
      return tokens(
        await grant({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      );
    },
    async refresh(current) {
      return tokens(
        await grant({ grant_type: 'refresh_token', refresh_token: current.refreshToken }),
        current,
      );
    },
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
    async changes(session, state, window: SyncWindow) {
      const base = { singleEvents: 'true', maxResults: '250' };
      if (state) {
        try {
          return await read(session, { ...base, syncToken: state, showDeleted: 'true' }, false);
        } catch (err) {
          // 410 Gone: the sync token expired; Google says to read everything again.
          if (!(err instanceof CalendarHttpError && err.status === 410)) throw err;
        }
      }
      return read(
        session,
        { ...base, timeMin: window.from.toISOString(), timeMax: window.to.toISOString() },
        true,
      );
    },
  };
}
