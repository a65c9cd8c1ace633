import { z } from 'zod';
import { BOT_PROVIDERS, meetingBotSchema } from './bots.js';
import { meetingSchema } from './meetings.js';
import { defineRoute } from './route.js';

const meetingLink = z
  .string()
  .trim()
  .url()
  .refine((v) => /^https?:\/\//i.test(v), 'Enter the meeting link (https://…)');

/**
 * The language a bot transcribes in when nobody chose one: the extension's default, also taken
 * for calendar events, which carry no language.
 */
export const DEFAULT_CALL_LANGUAGE = 'en-US';

/** Spec 2 §3 Bot meeting, §7 `POST extension`. */
export const extensionBody = z.object({
  meetingLink,
  meetingName: z.string().trim().min(1).max(200),
  language: z.string().trim().min(2).max(20).default(DEFAULT_CALL_LANGUAGE),
  isAvatar: z.boolean().default(false),
  avatarId: z.string().max(100).nullish(),
  voiceId: z.string().max(100).nullish(),
});
export type ExtensionBody = z.input<typeof extensionBody>;
export const extensionResponse = z.object({ meeting: meetingSchema, bot: meetingBotSchema });
export type ExtensionResponse = z.infer<typeof extensionResponse>;

export const joinByLinkBody = z.object({ joinLink: meetingLink });
export const loginBotBody = z.object({
  email: z.string().trim().email().max(320),
  password: z.string().min(1).max(500),
  /** The bot (from POST extension) that is to sign in to the meeting platform. */
  id: z.string().uuid(),
});

/** GET extension/status: which service is configured (read from env) and whether it answers. */
export const botServiceStatusSchema = z.object({
  provider: z.enum([...BOT_PROVIDERS, 'none']),
  /** The service's address (no key), null for none. */
  url: z.string().nullable(),
  /** Whether it answered its API with the key just now; null when none is configured. */
  reachable: z.boolean().nullable(),
  detail: z.string().nullable(),
  /** Whether Parley's own rooms have their bot (always handled by 'parley' when present). */
  parleyRooms: z.boolean(),
});
export type BotServiceStatus = z.infer<typeof botServiceStatusSchema>;

export const botRoutes = {
  start: defineRoute({
    method: 'POST',
    path: '/extension',
    summary: 'Create a live meeting for a link and send the bot to join it',
    tags: ['bots'],
    auth: true,
    permission: 'meetings.upload',
    body: extensionBody,
    response: extensionResponse,
  }),
  consent: defineRoute({
    method: 'PATCH',
    path: '/extension/:id',
    summary: 'Allow or withdraw recording (consent); withdrawn, nothing after is kept',
    tags: ['bots'],
    auth: true,
    permission: 'meetings.read',
    body: z.object({ allowRecording: z.boolean() }),
    response: meetingBotSchema,
  }),
  ofMeeting: defineRoute({
    method: 'GET',
    path: '/extension/meeting/:meetingId',
    summary: 'The latest bot of a meeting (null when none was sent)',
    tags: ['bots'],
    auth: true,
    permission: 'meetings.read',
    response: z.object({ data: meetingBotSchema.nullable() }),
  }),
  ofMeetings: defineRoute({
    method: 'GET',
    path: '/extension/meetings',
    summary: 'The latest bot of each of these meetings the caller can see (library rows)',
    tags: ['bots'],
    auth: true,
    permission: 'meetings.read',
    query: z.object({ ids: z.string().max(4000) }),
    response: z.object({ data: z.array(meetingBotSchema) }),
  }),
  serviceStatus: defineRoute({
    method: 'GET',
    path: '/extension/status',
    summary: 'The configured bot service and whether it answers',
    tags: ['bots'],
    auth: true,
    // Like GET /crm: whoever sends bots may see which service takes them.
    permission: 'meetings.upload',
    response: botServiceStatusSchema,
  }),
  join: defineRoute({
    method: 'POST',
    path: '/meeting/join',
    summary: 'Join a meeting by its link: a live meeting with the bot sent to it',
    tags: ['bots'],
    auth: true,
    permission: 'meetings.upload',
    body: joinByLinkBody,
    response: extensionResponse,
  }),
  loginBot: defineRoute({
    method: 'POST',
    path: '/meeting/login-bot',
    summary: 'Sign a bot in to the meeting platform (credentials kept encrypted, never returned)',
    tags: ['bots'],
    auth: true,
    permission: 'meetings.upload',
    body: loginBotBody,
    response: z.object({ message: z.string() }),
  }),
} as const;

/** Where each bot service posts its signed webhooks (under /api/v1; no bearer token). */
export const BOT_WEBHOOK_PATHS = {
  attendee: '/bots/webhook/attendee',
  recall: '/bots/webhook/recall',
} as const;
