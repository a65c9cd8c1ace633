import { z } from 'zod';
import { dayOrInstant } from './dates.js';
import { defineRoute } from './route.js';

/** Spec 1 §3 / spec 2 §3 meeting stages. */
export const MEETING_STAGES = [
  'basic_meeting',
  'prospecting_stage',
  'qualification_stage',
  'discovery_stage',
  'solution_presentation_stage',
  'negotiation_close_stage',
] as const;
export const meetingStageSchema = z.enum(MEETING_STAGES);
export type MeetingStage = z.infer<typeof meetingStageSchema>;
/** A stage in words, as the pages name it (messages written by the server use these). */
export const MEETING_STAGE_LABELS: Record<MeetingStage, string> = {
  basic_meeting: 'Basic meeting',
  prospecting_stage: 'Prospecting',
  qualification_stage: 'Qualification',
  discovery_stage: 'Discovery',
  solution_presentation_stage: 'Solution presentation',
  negotiation_close_stage: 'Negotiation and close',
};

/** ARCHITECTURE §4: uploaded -> queued -> analysing -> processed, or failed with a reason. */
export const INFERENCE_STATUSES = [
  'uploaded',
  'queued',
  'analysing',
  'processed',
  'failed',
] as const;
export const inferenceStatusSchema = z.enum(INFERENCE_STATUSES);

export const STORAGE_PROVIDERS = ['local', 'aws', 'azure'] as const;
export const storageProviderSchema = z.enum(STORAGE_PROVIDERS);
export type StorageProvider = z.infer<typeof storageProviderSchema>;

/** Upload limits (spec 1 §5, §9; spec 2 §9). */
export const UPLOAD = {
  chunkSize: 5 * 1024 * 1024,
  parallelChunks: 4,
  maxRetries: 5,
  backoffBaseMs: 1000,
  backoffCapMs: 30_000,
  chunkTimeoutMs: 120_000,
  chunkTimeoutPerRetryMs: 15_000,
  clientMaxBytes: 1024 ** 3,
  serverMaxBytes: 2 * 1024 ** 3,
  videoExtensions: ['.mp4', '.mov', '.mkv', '.m4v'],
  audioExtensions: ['.mp3', '.wav', '.m4a'],
  /** Incomplete uploads older than this are removed. */
  staleAfterMs: 24 * 3600 * 1000,
} as const;

/** 'block-' plus the 8-digit zero-padded index, base64-encoded (spec 2 §9). */
export function azureBlockId(index: number): string {
  const raw = `block-${index.toString().padStart(8, '0')}`;
  return typeof btoa === 'function' ? btoa(raw) : Buffer.from(raw).toString('base64');
}

export const UPLOAD_MESSAGES = {
  fileTooLargeServer: 'File too large',
  fileTooLargeClient: 'File exceeds 1 GB. Please upload a smaller file.',
  fileTooLargeClient2GB: 'File exceeds 2 GB. Please upload a smaller file.',
  duplicate: 'Video exists! Rename and upload again',
  chunkFailed: (n: number) => `Upload failed: Chunk ${n} failed after 5 retries`,
  initiateFailed: 'Failed to initiate upload',
  chunkUploadFailed: 'Failed to upload chunk',
  completeFailed: 'Failed to complete upload',
  incomplete: 'Upload incomplete: Some chunks were not successfully uploaded',
  selectVideo: 'Please select a video to upload.',
  connectStorage: 'Please connect any one cloud storage',
} as const;

/**
 * What the analysis could not read in the recording (issue 14 item 7): a file that ends early,
 * damaged parts, or a language the speech-to-text engine cannot transcribe. The meeting page
 * shows `message` as a warning; `durationSec` is then the analysed length.
 */
export const mediaNoticeSchema = z.object({
  kind: z.enum(['truncated', 'unreadable_part', 'unsupported_language']),
  message: z.string(),
  /** Seconds of media analysed, and what the file's header declared. */
  analysedSec: z.number().optional(),
  declaredSec: z.number().optional(),
  /** ISO 639-1 code declared or detected, for unsupported_language. */
  language: z.string().optional(),
});
export type MediaNotice = z.infer<typeof mediaNoticeSchema>;

export const meetingSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  ownerId: z.string(),
  /** File name without the extension shown as the title; the full file name is the code. */
  meetingName: z.string(),
  meetingCode: z.string(),
  title: z.string().nullable(),
  stage: meetingStageSchema,
  type: z.enum(['offline', 'live']),
  isOffline: z.boolean(),
  inferenceStatus: inferenceStatusSchema,
  statusReason: z.string().nullable(),
  startTime: z.string(),
  /** Minutes, as the spec's meeting entity; durationSec keeps the exact length. */
  duration: z.number(),
  durationSec: z.number().nullable(),
  /** Null when the whole recording was read and transcribed. */
  mediaNotice: mediaNoticeSchema.nullable(),
  storageProvider: storageProviderSchema,
  /** Browser-playable media, streamed through the API (range requests). */
  storageLink: z.string().nullable(),
  imageLink: z.string().nullable(),
  mimeType: z.string().nullable(),
  sizeBytes: z.number(),
  meetingLink: z.string().nullable(),
  additionalDetails: z.record(z.string(), z.string()),
  /** The sales deal the call belongs to (issue 16), null when none. */
  dealId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Meeting = z.infer<typeof meetingSchema>;

const dateParam = dayOrInstant();

/** Query of every meeting list (spec 2 §2 table state, §7 meeting/user). */
export const meetingListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
  /** field:direction, e.g. createdAt:desc (default), meetingName:asc, duration:desc. */
  order: z
    .string()
    .regex(/^(createdAt|meetingName|duration|startTime|inferenceStatus):(asc|desc)$/)
    .default('createdAt:desc'),
  stage: meetingStageSchema.optional(),
  providerName: storageProviderSchema.optional(),
  status: inferenceStatusSchema.optional(),
});
export type MeetingListQuery = z.input<typeof meetingListQuery>;
export const meetingListResponse = z.object({ data: z.array(meetingSchema), count: z.number() });

export const initiateUploadBody = z.object({
  fileName: z.string().trim().min(1).max(255),
  fileSize: z.number().int().positive(),
  mimeType: z.string().max(100).optional(),
  stage: meetingStageSchema.default('basic_meeting'),
  title: z.string().trim().max(200).optional(),
});
export const initiateUploadResponse = z.object({
  uploadId: z.string(),
  chunkSize: z.number(),
  totalChunks: z.number(),
  /** Indices already stored, so an interrupted upload resumes without resending them. */
  uploadedChunks: z.array(z.number()),
  provider: storageProviderSchema,
});
export const uploadChunkResponse = z.object({ index: z.number(), received: z.boolean() });
export const completeUploadBody = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  /** Azure only: the block list in order. */
  blockIds: z.array(z.string()).optional(),
});

export const createFromStorageBody = z.object({
  provider: storageProviderSchema,
  /** Object key or blob name in the organisation's connected storage. */
  key: z.string().min(1).max(1024),
  stage: meetingStageSchema.default('basic_meeting'),
  title: z.string().trim().max(200).optional(),
});
export const createFromLinkBody = z.object({
  meetingLink: z.string().url(),
  meetingName: z.string().trim().min(1).max(200),
  language: z.string().max(20).optional(),
});

export const idParam = z.object({ id: z.string().uuid() });

const uploadRoutes = (provider: StorageProvider) => {
  const base =
    provider === 'local'
      ? 'integration/local'
      : provider === 'aws'
        ? 'integration/aws'
        : 'integration/azure';
  return {
    initiate: defineRoute({
      method: 'POST',
      path: `/${base}/initiate-upload`,
      summary: `Start a chunked upload to ${provider} storage`,
      tags: ['uploads'],
      auth: true,
      permission: 'meetings.upload',
      body: initiateUploadBody,
      response: initiateUploadResponse,
    }),
    complete: defineRoute({
      method: 'POST',
      path: `/${base}/complete-upload`,
      summary: `Assemble the chunks in ${provider} storage and create the meeting`,
      tags: ['uploads'],
      auth: true,
      permission: 'meetings.upload',
      body: completeUploadBody,
      response: meetingSchema,
    }),
    /** Multipart (index, file, blockId for Azure) with ?uploadId=; not a JSON route. */
    chunkPath: `/${base}/upload-chunk`,
  };
};

export const uploadRouteSets = {
  local: uploadRoutes('local'),
  aws: uploadRoutes('aws'),
  azure: uploadRoutes('azure'),
} as const;

export const uploadChunkQuery = z.object({ uploadId: z.string().uuid() });
const messageResponse = z.object({ message: z.string() });

const listRoute = <Path extends string>(path: Path, summary: string) =>
  defineRoute({
    method: 'GET',
    path,
    summary,
    tags: ['meetings'],
    auth: true,
    permission: 'meetings.read',
    query: meetingListQuery,
    response: meetingListResponse,
  });

export const meetingRoutes = {
  past: listRoute('/meeting/user/past', 'Visible meetings that started before now'),
  schedule: listRoute(
    '/meeting/user/schedule',
    'Visible meetings starting from now, and live meetings not processed yet',
  ),
  reports: listRoute('/meeting/user/reports', 'Visible meetings whose analysis is processed'),
  /**
   * Spec 2 §7 "list with count", defined here as the visible sales calls: meetings in a sales
   * stage (any stage but basic_meeting) whose analysis is processed, paged like every list.
   */
  callIntelligence: defineRoute({
    method: 'GET',
    path: '/meeting/callIntelligence',
    summary: 'Visible sales calls (a sales stage) whose analysis is processed',
    tags: ['meetings'],
    auth: true,
    permission: 'meetings.read',
    feature: 'Sales Intelligence',
    query: meetingListQuery,
    response: meetingListResponse,
  }),
  removeAsSuperAdmin: defineRoute({
    method: 'DELETE',
    path: '/meeting/superAdmin/:meetingId',
    summary: 'Delete a meeting of any organisation (super admin)',
    tags: ['meetings'],
    auth: true,
    permission: 'platform.manage',
    response: messageResponse,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/meeting/user',
    summary: 'Meetings of the caller’s organisation, searched, filtered, sorted and paged',
    tags: ['meetings'],
    auth: true,
    permission: 'meetings.read',
    query: meetingListQuery,
    response: meetingListResponse,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/meeting/:meetingId',
    summary: 'One meeting',
    tags: ['meetings'],
    auth: true,
    permission: 'meetings.read',
    response: meetingSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/meeting/:meetingId',
    summary: 'Delete a meeting (its owner, the organisation’s poc, or a super admin)',
    tags: ['meetings'],
    auth: true,
    permission: 'meetings.manage',
    response: messageResponse,
  }),
  createFromStorage: defineRoute({
    method: 'POST',
    path: '/meeting/from-storage',
    summary: 'Create a meeting from a file already in the organisation’s cloud storage',
    tags: ['meetings'],
    auth: true,
    permission: 'meetings.upload',
    body: createFromStorageBody,
    response: meetingSchema,
  }),
  createFromLink: defineRoute({
    method: 'POST',
    path: '/meeting/from-link',
    summary: 'Record a meeting link for the bot (joins once the bot area lands)',
    tags: ['meetings'],
    auth: true,
    permission: 'meetings.upload',
    body: createFromLinkBody,
    response: meetingSchema,
  }),
} as const;
