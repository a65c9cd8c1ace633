import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Zoom (issue 18 item 3, spec 3 §7 `configuration/zoom/configure`, create and delete): an
 * organisation connects its Zoom app (Server-to-Server OAuth credentials and the webhook's
 * secret token); each `recording.completed` webhook imports the cloud recording as a meeting
 * and sends it through the analysis.
 */

export const ZOOM_MESSAGES = {
  notConnected: 'Zoom is not connected',
  connected: 'Zoom connected',
  disconnected: 'Zoom disconnected',
  /** Zoom refused the credentials when Parley asked for a token with them. */
  refused:
    'Zoom did not accept these credentials: check the account ID, client ID and client secret.',
  unreachable: 'Zoom could not be reached to check these credentials. Please try again.',
  badSignature: 'Invalid Zoom webhook signature',
} as const;

export const zoomConfigBody = z.object({
  accountId: z.string().trim().min(1, 'Please enter the account ID').max(200),
  clientId: z.string().trim().min(1, 'Please enter the client ID').max(200),
  clientSecret: z.string().trim().min(1, 'Please enter the client secret').max(500),
  /** The app's "Secret Token" that signs its webhooks. */
  secretToken: z.string().trim().min(1, 'Please enter the webhook secret token').max(500),
});
export type ZoomConfigBody = z.infer<typeof zoomConfigBody>;

export const zoomStatusSchema = z.object({
  connected: z.boolean(),
  accountId: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Where Zoom must send its webhooks (the app's Event Subscriptions endpoint URL). */
  webhookUrl: z.string(),
  connectedAt: z.string().nullable(),
  /** Recordings imported so far, and the latest import's outcome. */
  imported: z.number().int(),
  lastImport: z
    .object({
      topic: z.string(),
      state: z.enum(['importing', 'imported', 'failed']),
      meetingId: z.string().nullable(),
      error: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type ZoomStatus = z.infer<typeof zoomStatusSchema>;

const tags = ['integrations'];

export const zoomRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/configuration/zoom/configure',
    summary: 'The organisation’s Zoom connection (never its secrets) and its webhook URL',
    tags,
    auth: true,
    permission: 'meetings.upload',
    response: zoomStatusSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/configuration/zoom',
    summary: 'Connect Zoom (credentials checked by asking Zoom for a token)',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: zoomConfigBody,
    response: zoomStatusSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/configuration/zoom',
    summary: 'Disconnect Zoom: forget its credentials (imported meetings stay)',
    tags,
    auth: true,
    permission: 'integrations.manage',
    response: z.object({ message: z.string() }),
  }),
} as const;

/** Zoom posts its webhooks here (not a JSON route of the catalogue: signed by Zoom, no bearer). */
export const zoomWebhookPath = (organizationId: string) => `/zoom/webhook/${organizationId}`;
