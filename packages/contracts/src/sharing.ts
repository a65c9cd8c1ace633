import { z } from 'zod';
import { defineRoute } from './route.js';
import { meetingListQuery, meetingListResponse, meetingSchema } from './meetings.js';
import {
  diarizationSchema,
  speakerTimeMappingSchema,
  transcriptionEntrySchema,
  wordTimestampSchema,
} from './transcript.js';

export const shareUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export const publicLinkStatusSchema = z.object({
  isEnabled: z.boolean(),
  shareLink: z.string().nullable(),
});
export const SHARING_MESSAGES = {
  shared: 'Meeting shared successfully',
  revoked: 'Meeting share revoked',
  userNotFound: 'User not found in your organization',
  ownerAlready: 'This user owns the meeting already',
  linkUnavailable: 'This link is no longer available',
} as const;

export const emailBody = z.object({ email: z.string().trim().toLowerCase().pipe(z.email()) });

/** What /public/view/{token} shows without sign-in (spec 2 §2 Public shared view). */
export const publicViewSchema = z.object({
  meetingInfo: meetingSchema.pick({
    meetingName: true,
    meetingCode: true,
    startTime: true,
    duration: true,
    durationSec: true,
    storageLink: true,
    imageLink: true,
    inferenceStatus: true,
  }),
  /** Empty until the meeting is transcribed, or when its organisation lacks Zai Intelligence. */
  transcription: z.array(transcriptionEntrySchema),
  wordTimestamps: z.array(wordTimestampSchema),
  /** Null until the meeting is transcribed. */
  diarization: diarizationSchema.nullable(),
  speakerTimeMapping: speakerTimeMappingSchema.nullable(),
});

export const sharingRoutes = {
  orgUsers: defineRoute({
    method: 'GET',
    path: '/share/org/users',
    summary: 'Users of the caller’s organisation to share with',
    tags: ['sharing'],
    auth: true,
    permission: 'meetings.manage',
    query: z.object({ search: z.string().trim().max(200).optional() }),
    response: z.array(shareUserSchema),
  }),
  shareWith: defineRoute({
    method: 'POST',
    path: '/share/:meetingId',
    summary: 'Share a meeting with a user of the same organisation',
    tags: ['sharing'],
    auth: true,
    permission: 'meetings.manage',
    body: emailBody,
    response: z.object({ message: z.string() }),
  }),
  revoke: defineRoute({
    method: 'POST',
    path: '/share/revoke/:meetingId',
    summary: 'Stop sharing a meeting with a user',
    tags: ['sharing'],
    auth: true,
    permission: 'meetings.manage',
    body: emailBody,
    response: z.object({ message: z.string() }),
  }),
  sharedUsers: defineRoute({
    method: 'GET',
    path: '/share/users/:meetingId',
    summary: 'Who a meeting is shared with',
    tags: ['sharing'],
    auth: true,
    permission: 'meetings.manage',
    response: z.array(shareUserSchema),
  }),
  sharedWithMe: defineRoute({
    method: 'GET',
    path: '/share',
    summary: 'Meetings shared with the caller',
    tags: ['sharing'],
    auth: true,
    permission: 'meetings.read',
    query: meetingListQuery,
    response: meetingListResponse,
  }),
  publicCreate: defineRoute({
    method: 'GET',
    path: '/share/public/create/:meetingId',
    summary: 'Enable the public link of a meeting',
    tags: ['sharing'],
    auth: true,
    permission: 'meetings.manage',
    response: publicLinkStatusSchema,
  }),
  publicRevoke: defineRoute({
    method: 'GET',
    path: '/share/public/revoke/:meetingId',
    summary: 'Disable the public link of a meeting',
    tags: ['sharing'],
    auth: true,
    permission: 'meetings.manage',
    response: publicLinkStatusSchema,
  }),
  publicStatus: defineRoute({
    method: 'GET',
    path: '/share/public/status/:meetingId',
    summary: 'Whether the public link of a meeting is enabled',
    tags: ['sharing'],
    auth: true,
    permission: 'meetings.manage',
    response: publicLinkStatusSchema,
  }),
  publicView: defineRoute({
    method: 'GET',
    path: '/public/view/:token',
    summary: 'A publicly shared meeting, without sign-in',
    tags: ['sharing'],
    auth: false,
    response: publicViewSchema,
  }),
} as const;
