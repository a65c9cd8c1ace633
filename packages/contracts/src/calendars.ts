import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Calendars and auto-join (issue 18 item 3, spec 3 §7 `configuration/google/update`,
 * `configuration/microsoft/update`, `DELETE google|microsoft`): each user connects their own
 * Google or Microsoft 365 calendar with OAuth 2; events with a meeting link become scheduled
 * meetings (`meeting/user/schedule`), and the user's auto-join rule (or a per-event toggle)
 * decides which of them the bot joins at their start.
 */

export const CALENDAR_PROVIDERS = ['google', 'microsoft'] as const;
export const calendarProviderSchema = z.enum(CALENDAR_PROVIDERS);
export type CalendarProvider = z.infer<typeof calendarProviderSchema>;

export const CALENDAR_NAMES: Record<CalendarProvider, string> = {
  google: 'Google Calendar',
  microsoft: 'Microsoft 365 Calendar',
};

export const CALENDAR_SETUP_VARIABLES: Record<CalendarProvider, readonly string[]> = {
  google: ['GOOGLE_CALENDAR_CLIENT_ID', 'GOOGLE_CALENDAR_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CALENDAR_CLIENT_ID', 'MICROSOFT_CALENDAR_CLIENT_SECRET'],
};

/** Which scheduled meetings the bot joins by itself; `none` until the user chooses. */
export const AUTO_JOIN_RULES = ['all', 'hosted', 'external', 'none'] as const;
export const autoJoinRuleSchema = z.enum(AUTO_JOIN_RULES);
export type AutoJoinRule = z.infer<typeof autoJoinRuleSchema>;
export const AUTO_JOIN_RULE_LABELS: Record<AutoJoinRule, string> = {
  all: 'All meetings with a link',
  hosted: 'Only meetings I host',
  external: 'Only meetings with external guests',
  none: 'None',
};

export const CALENDAR_MESSAGES = {
  notConfigured: (p: CalendarProvider) =>
    `${CALENDAR_NAMES[p]} is not set up on this server: set ${CALENDAR_SETUP_VARIABLES[p].join(' and ')} and restart it.`,
  notConnected: (p: CalendarProvider) => `${CALENDAR_NAMES[p]} is not connected`,
  disconnected: (p: CalendarProvider) => `${CALENDAR_NAMES[p]} disconnected`,
  notRevoked: (p: CalendarProvider) =>
    `${CALENDAR_NAMES[p]} disconnected from Parley, but the provider did not confirm that Parley’s access was revoked: remove Parley from your account’s connected apps.`,
  cancelled: (p: CalendarProvider) =>
    `${CALENDAR_NAMES[p]} was not connected: the sign-in was canceled.`,
  expired: (p: CalendarProvider) =>
    `The ${CALENDAR_NAMES[p]} sign-in took too long or was started in another browser. Please connect again.`,
  failed: (p: CalendarProvider) => `${CALENDAR_NAMES[p]} could not be connected. Please try again.`,
  reconnect: (p: CalendarProvider) =>
    `${CALENDAR_NAMES[p]} no longer accepts Parley’s sign-in; disconnect and connect it again.`,
  eventNotFound: 'This meeting did not come from a connected calendar',
} as const;

export const calendarConnectionSchema = z.object({
  provider: calendarProviderSchema,
  name: z.string(),
  /** Whether this server has the provider's client id and secret. */
  configured: z.boolean(),
  setupHint: z.string().nullable(),
  connected: z.boolean(),
  needsReconnect: z.boolean(),
  /** The calendar account's address. */
  accountEmail: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  /** Why the last sync failed, as users may read it. */
  lastError: z.string().nullable(),
  /** Upcoming events with a meeting link, as of the last sync. */
  upcoming: z.number().int(),
});
export type CalendarConnection = z.infer<typeof calendarConnectionSchema>;

export const calendarStatusSchema = z.object({
  data: z.array(calendarConnectionSchema),
  autoJoinRule: autoJoinRuleSchema,
});
export type CalendarStatus = z.infer<typeof calendarStatusSchema>;

/** One scheduled meeting that came from a calendar, with what the bot will do at its start. */
export const calendarEventSchema = z.object({
  meetingId: z.uuid(),
  provider: calendarProviderSchema,
  title: z.string(),
  startAt: z.string(),
  endAt: z.string(),
  meetingLink: z.string(),
  hostedByMe: z.boolean(),
  hasExternalGuests: z.boolean(),
  /** The per-event toggle; null follows the rule. */
  autoJoin: z.boolean().nullable(),
  /** What will happen: the toggle if set, else the rule's answer. */
  willJoin: z.boolean(),
  joinedAt: z.string().nullable(),
  joinError: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarEventListSchema = z.object({ data: z.array(calendarEventSchema) });

export const calendarConnectResponse = z.object({ url: z.string() });
export const calendarDisconnectResponse = z.object({ message: z.string(), revoked: z.boolean() });
export const autoJoinRuleBody = z.object({ rule: autoJoinRuleSchema });
export const eventAutoJoinBody = z.object({ autoJoin: z.boolean().nullable() });

const tags = ['integrations'];
const permission = 'meetings.upload' as const;

function providerRoutes<P extends CalendarProvider>(provider: P) {
  const name = CALENDAR_NAMES[provider];
  return {
    /** Spec 3 §7 `configuration/{google|microsoft}/update`: (re)connect the caller's calendar. */
    connect: defineRoute({
      method: 'POST',
      path: `/configuration/${provider}/update`,
      summary: `Start connecting your ${name}: the URL of its consent page (the callback finishes it)`,
      tags,
      auth: true,
      permission,
      response: calendarConnectResponse,
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `/${provider}`,
      summary: `Disconnect your ${name}: revoke Parley’s access and remove its scheduled meetings`,
      tags,
      auth: true,
      permission,
      response: calendarDisconnectResponse,
    }),
    syncNow: defineRoute({
      method: 'POST',
      path: `/calendars/${provider}/sync`,
      summary: `Read your ${name}’s changes now`,
      tags,
      auth: true,
      permission,
      response: calendarConnectionSchema,
    }),
  };
}

export const calendarRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/calendars',
    summary: 'Your calendar connections and auto-join rule',
    tags,
    auth: true,
    permission,
    response: calendarStatusSchema,
  }),
  setRule: defineRoute({
    method: 'PATCH',
    path: '/calendars/auto-join',
    summary: 'Choose which scheduled meetings the bot joins by itself',
    tags,
    auth: true,
    permission,
    body: autoJoinRuleBody,
    response: calendarStatusSchema,
  }),
  events: defineRoute({
    method: 'GET',
    path: '/calendars/events',
    summary: 'Your upcoming calendar meetings and whether the bot joins each',
    tags,
    auth: true,
    permission,
    response: calendarEventListSchema,
  }),
  setEventAutoJoin: defineRoute({
    method: 'PATCH',
    path: '/calendars/events/:meetingId',
    summary: 'Join (or not) this one meeting whatever the rule says; null follows the rule',
    tags,
    auth: true,
    permission,
    body: eventAutoJoinBody,
    response: calendarEventSchema,
  }),
  google: providerRoutes('google'),
  microsoft: providerRoutes('microsoft'),
} as const;

/** The browser returns here from the provider's consent page (redirects to the page). */
export const calendarCallbackPath = (p: CalendarProvider) => `/calendars/${p}/callback`;
/** The page the callback sends the browser back to, with `calendar` and `calendarResult` or `calendarError`. */
export const CALENDAR_RETURN_PAGE = '/app-integrations';
