import {
  bigint,
  boolean,
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
import { INFERENCE_STATUSES, MEETING_STAGES, ROLES, STORAGE_PROVIDERS } from '@parley/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('user_role', ROLES);
export const codePurposeEnum = pgEnum('code_purpose', ['signin', 'signup']);
export const authProviderEnum = pgEnum('auth_provider', ['plain', 'google', 'microsoft']);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  isB2C: boolean('is_b2c').notNull().default(false),
  logoUrl: text('logo_url'),
  defaultCloud: text('default_cloud'),
  /** The active plan; null until the organisation buys one. */
  planId: uuid('plan_id').references((): AnyPgColumn => plans.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_org_name_uq').on(t.organizationId, t.name)],
);

/** Organisation roles (spec 3 §3); rows without an organisation are the defaults offered to all. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('roles_org_idx').on(t.organizationId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Stored lower-case; unique across the platform because sign-in is by address. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    role: roleEnum('role').notNull().default('user'),
    position: text('position'),
    b2cConsent: boolean('b2c_consent').notNull().default(false),
    profileImageUrl: text('profile_image_url'),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_org_idx').on(t.organizationId, t.createdAt),
  ],
);

/** One row per user: the unique userId is what makes a new sign-in end the old session. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    provider: authProviderEnum('provider').notNull().default('plain'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sessions_user_uq').on(t.userId)],
);

export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: codePurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Sign-up details waiting for the code (name, account type); never secrets. */
    payload: jsonb('payload'),
    requestIp: text('request_ip'),
    createdAt: createdAt(),
  },
  (t) => [index('codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

export const features = pgTable('features', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
  url: text('url'),
  createdAt: createdAt(),
});

export const bundles = pgTable('bundles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
});

export const bundleFeatures = pgTable(
  'bundle_features',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.featureId] })],
);

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('subscription'),
    totalPrice: numeric('total_price', { precision: 12, scale: 2 }).notNull().default('0'),
    discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
    remainingCredits: integer('remaining_credits').notNull().default(0),
    freeMeetingCredits: integer('free_meeting_credits').notNull().default(0),
    autoPayCredits: boolean('auto_pay_credits').notNull().default(false),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('plans_org_idx').on(t.organizationId)],
);

export const planBundles = pgTable(
  'plan_bundles',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.bundleId] })],
);

/** Every authenticated call (spec 3 User Logs). Never holds bodies, codes or tokens. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activity_org_time_idx').on(t.organizationId, t.createdAt),
    index('activity_user_time_idx').on(t.userId, t.createdAt),
  ],
);

export const meetingStageEnum = pgEnum('meeting_stage', MEETING_STAGES);
export const inferenceStatusEnum = pgEnum('inference_status', INFERENCE_STATUSES);
export const storageProviderEnum = pgEnum('storage_provider', STORAGE_PROVIDERS);

export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingName: text('meeting_name').notNull(),
    /** The uploaded file name; unique per organisation ('Video exists!'). */
    meetingCode: text('meeting_code').notNull(),
    title: text('title'),
    stage: meetingStageEnum('stage').notNull().default('basic_meeting'),
    type: text('type').notNull().default('offline'),
    inferenceStatus: inferenceStatusEnum('inference_status').notNull().default('uploaded'),
    statusReason: text('status_reason'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull().defaultNow(),
    durationSec: numeric('duration_sec', { precision: 12, scale: 3, mode: 'number' }),
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
    // A member's list is "mine or shared with me": the owner half needs its own index.
    index('meetings_owner_created_idx').on(t.ownerId, t.createdAt),
    // Search is a substring match (ILIKE '%term%'); only a trigram index serves that.
    index('meetings_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A chunked upload in progress (spec 2 §7 Uploads); removed a day after it stalls. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
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
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
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
  meetingId: uuid('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** Encrypted token, so the owner can see the link again without it being guessable from the DB. */
  tokenSealed: text('token_sealed').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** Connected outside services per organisation (spec 3 §3 Integration map and configuration). */
export const integrationConfigs = pgTable(
  'integration_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'aws', 'azure', later 'chatgpt', 'claude-ai', 'gemini', 'zoom', … */
    provider: text('provider').notNull(),
    status: text('status').notNull().default('connected'),
    /** Non-secret settings shown back to the user (bucket, region, container, endpoint). */
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    /** AES-256-GCM sealed JSON of the credentials; never returned. */
    secretSealed: text('secret_sealed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integration_org_provider_uq').on(t.organizationId, t.provider)],
);

/**
 * The analysis pipeline's state for a meeting (ARCHITECTURE §4): the current run and each
 * step's state, progress, attempts and last error. A re-analyze replaces runId, so a job of
 * an older run finds itself stale and stops.
 */
export const analysisRuns = pgTable('analysis_runs', {
  meetingId: uuid('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull(),
  fromStep: text('from_step').notNull().default('media'),
  /** step -> { state, progress, attempts, error, startedAt, finishedAt } */
  steps: jsonb('steps').$type<Record<string, AnalysisStepRecord>>().notNull().default({}),
  /** The run whose credits were charged; equal to runId once the finish step has charged. */
  chargedRunId: uuid('charged_run_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface AnalysisStepRecord {
  state: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  progress: number;
  attempts: number;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** Words carry their speaker; times in seconds. */
export interface StoredWord {
  word: string;
  start: number;
  end: number;
  speaker: string;
  confidence: number | null;
}
export interface StoredTurn {
  speaker: string;
  start: number;
  end: number;
  /** Another speaker talks during part of this turn. */
  overlap?: boolean;
}

/** The speech step's output and the text step's analytics for a meeting. */
export const meetingTranscripts = pgTable('meeting_transcripts', {
  meetingId: uuid('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  runId: uuid('run_id').notNull(),
  /** { name, model, quality } of the speech-to-text engine. */
  engine: jsonb('engine').$type<{ name: string; model: string; quality: string }>().notNull(),
  audioLengthSec: numeric('audio_length_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
  words: jsonb('words').$type<StoredWord[]>().notNull().default([]),
  turns: jsonb('turns').$type<StoredTurn[]>().notNull().default([]),
  speakerCount: jsonb('speaker_count')
    .$type<{ value: number; source: 'estimated' | 'participants' }>()
    .notNull(),
  /** Conversation analytics (packages/analysis Analytics + questions); null until the text step. */
  analytics: jsonb('analytics').$type<Record<string, unknown>>(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Saved moments of a meeting (spec 2 §7 Highlights). */
export const highlights = pgTable(
  'highlights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startSec: numeric('start_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    endSec: numeric('end_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    title: text('title').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('highlights_meeting_idx').on(t.meetingId, t.startSec)],
);
