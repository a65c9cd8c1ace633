import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { INFERENCE_STATUSES, STORAGE_PROVIDERS } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { deals } from './sales.js';
import { meetingStageEnum } from './stage.js';

// In its own file so sales.ts (which this file imports for deal_id) can use it too.
export { meetingStageEnum };
export const inferenceStatusEnum = pgEnum('inference_status', INFERENCE_STATUSES);
export const storageProviderEnum = pgEnum('storage_provider', STORAGE_PROVIDERS);

export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingName: text('meeting_name').notNull(),
    /** The uploaded file name; unique per organisation ('Video exists!'). */
    meetingCode: text('meeting_code').notNull(),
    title: text('title'),
    stage: meetingStageEnum('stage').notNull().default('basic_meeting'),
    type: text('type').notNull().default('offline'),
    /** 'coaching' for a training video (coaching module): kept out of the meeting lists. */
    kind: text('kind').$type<'meeting' | 'coaching'>().notNull().default('meeting'),
    inferenceStatus: inferenceStatusEnum('inference_status').notNull().default('uploaded'),
    statusReason: text('status_reason'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    durationSec: numeric('duration_sec', { precision: 12, scale: 3, mode: 'number' }),
    /**
     * What the analysis could not read in the file (truncated, partly unreadable, a language
     * the engine cannot transcribe): shown as a warning with the analysed duration.
     */
    mediaNotice: jsonb('media_notice').$type<MediaNotice>(),
    storageProvider: storageProviderEnum('storage_provider').notNull().default('local'),
    /** Object key of the original file in the meeting's store. */
    sourceKey: text('source_key'),
    /** Object key of a browser-playable rendition when the source is not. */
    playbackKey: text('playback_key'),
    thumbnailKey: text('thumbnail_key'),
    mimeType: text('mime_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    meetingLink: text('meeting_link'),
    additionalDetails: jsonb('additional_details')
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    /** Lower-cased name and title for indexed search. */
    searchText: text('search_text').notNull().default(''),
    /** The sales deal the call belongs to (issue 16); cleared when the deal is deleted. */
    dealId: uuid('deal_id').references((): AnyPgColumn => deals.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meetings_org_code_uq').on(t.organizationId, t.meetingCode),
    index('meetings_org_created_idx').on(t.organizationId, t.createdAt),
    index('meetings_org_start_idx').on(t.organizationId, t.startTime),
    index('meetings_org_name_idx').on(t.organizationId, t.meetingName),
    index('meetings_org_duration_idx').on(t.organizationId, t.durationSec),
    index('meetings_org_stage_idx').on(t.organizationId, t.stage, t.createdAt),
    index('meetings_org_status_idx').on(t.organizationId, t.inferenceStatus, t.createdAt),
    index('meetings_deal_idx').on(t.dealId),
    // The analysed calls the sales views aggregate, with the columns they filter and join on,
    // so those scans read the index alone.
    index('meetings_sales_scope_idx')
      .on(t.organizationId, t.stage, t.ownerId, t.dealId, t.id)
      .where(sql`${t.kind} = 'meeting' and ${t.inferenceStatus} = 'processed'`),
    // A member's list is "mine or shared with me": the owner half needs its own index.
    index('meetings_owner_created_idx').on(t.ownerId, t.createdAt),
    // Search is a substring match (ILIKE '%term%'); only a trigram index serves that.
    index('meetings_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** The meeting a row belongs to, removed with it. */
export function meetingRef() {
  return uuid('meeting_id')
    .notNull()
    .references(() => meetings.id, { onDelete: 'cascade' });
}

/** The meeting a one-per-meeting row (a run, a share link) is keyed by, removed with it. */
export function meetingKey() {
  return uuid('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' });
}

/** A chunked upload in progress (spec 2 §7 Uploads); removed a day after it stalls. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: storageProviderEnum('provider').notNull(),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type'),
    stage: meetingStageEnum('stage').notNull().default('basic_meeting'),
    title: text('title'),
    objectKey: text('object_key').notNull(),
    chunkSize: integer('chunk_size').notNull(),
    totalChunks: integer('total_chunks').notNull(),
    /** The store's own upload handle (S3 UploadId); null for local and Azure. */
    providerUploadId: text('provider_upload_id'),
    /** index -> ETag (S3) or block id (Azure) or '' (local), for resuming and completing. */
    parts: jsonb('parts').$type<Record<string, string>>().notNull().default({}),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('uploads_stale_idx').on(t.completedAt, t.updatedAt),
    // Re-initiating the same file name resumes the caller's open upload.
    index('uploads_user_file_idx').on(t.userId, t.fileName),
  ],
);

export const meetingShares = pgTable(
  'meeting_shares',
  {
    meetingId: meetingRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: uuid('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.userId] }), index('shares_user_idx').on(t.userId)],
);

/** Public link of a meeting: the token is stored hashed; revoking deletes the row. */
export const publicLinks = pgTable('public_links', {
  meetingId: meetingKey(),
  tokenHash: text('token_hash').notNull().unique(),
  /** Encrypted token, so the owner can see the link again without it being guessable from the DB. */
  tokenSealed: text('token_sealed').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** A warning about the recording itself, set by the analysis (issue 14 item 7). */
export interface MediaNotice {
  kind: 'truncated' | 'unreadable_part' | 'unsupported_language';
  /** A sentence for the meeting page. */
  message: string;
  /** Seconds of media actually analysed, and what the file's header claimed. */
  analysedSec?: number;
  declaredSec?: number;
  /** ISO 639-1 code detected or declared, for unsupported_language. */
  language?: string;
}
