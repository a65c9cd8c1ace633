import {
  boolean,
  primaryKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ROLES, type Permission, type StorageProvider, type UserSettings } from '@parley/contracts';
import { createdAt, updatedAt } from './columns.js';
import { plans } from './plans.js';

/**
 * A profile picture or logo in the organisation's media store: `id` changes with every upload
 * and is what signed image links name; `provider` is the store it went to, which stays right
 * when the organisation's default cloud changes later.
 */
export interface StoredImage {
  id: string;
  provider: StorageProvider;
  key: string;
}

export const roleEnum = pgEnum('user_role', ROLES);
export const codePurposeEnum = pgEnum('code_purpose', ['signin', 'signup']);
export const authProviderEnum = pgEnum('auth_provider', ['plain', 'google', 'microsoft']);

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    isB2C: boolean('is_b2c').notNull().default(false),
    /**
     * The platform's own organisation (the super admin's, made by the seed): it has every feature
     * and is never charged, since what it makes is the default content every organisation sees.
     */
    isPlatform: boolean('is_platform').notNull().default(false),
    logo: jsonb('logo').$type<StoredImage>(),
    defaultCloud: text('default_cloud'),
    /**
     * Emotion inference from faces; organisations in workplaces and education in the EU must turn
     * it off (AI Act art. 5(1)(f)). Off: emotions are not computed at all.
     */
    emotionInference: boolean('emotion_inference').notNull().default(true),
    /** Mask e-mail addresses, phone, card and national ID numbers in transcripts and all they feed. */
    piiRedaction: boolean('pii_redaction').notNull().default(false),
    /** With redaction on, keep the unmasked words (readable only by the organisation's admins). */
    piiKeepOriginals: boolean('pii_keep_originals').notNull().default(false),
    /** Retention (issue 20): recordings / transcripts older than this many days are deleted; null keeps them. */
    retentionRecordingsDays: integer('retention_recordings_days'),
    retentionTranscriptsDays: integer('retention_transcripts_days'),
    /** The active plan; null until the organisation buys one. */
    planId: uuid('plan_id').references((): AnyPgColumn => plans.id, { onDelete: 'set null' }),
    /**
     * Set when the super admin deletes the organisation: from then on it is closed (its users
     * cannot sign in, its data is hidden) while a background job removes it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // There is one platform.
    uniqueIndex('organizations_one_platform')
      .on(t.isPlatform)
      .where(sql`${t.isPlatform}`),
  ],
);

/**
 * The organisation a row belongs to, removed with it: most tables' tenancy column. A function
 * declaration, so tables above it and modules in an import cycle with this one can call it.
 */
export function organizationRef() {
  return uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });
}

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_org_name_uq').on(t.organizationId, t.name)],
);

/**
 * An organisation's custom roles (spec 3 §3): a name and a set of permissions, built on one of
 * the default roles (`baseRole`: the kind of account, which decides the navigation). The six
 * default roles are not rows: their permissions are DEFAULT_ROLE_PERMISSIONS in contracts.
 */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    baseRole: roleEnum('base_role').notNull().default('user'),
    permissions: text('permissions').array().$type<Permission[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_org_name_uq').on(t.organizationId, t.name)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    /** Stored lower-case; unique across the platform because sign-in is by address. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    role: roleEnum('role').notNull().default('user'),
    position: text('position'),
    b2cConsent: boolean('b2c_consent').notNull().default(false),
    profileImage: jsonb('profile_image').$type<StoredImage>(),
    /** The user's own preferences; keys absent take their defaults (DEFAULT_USER_SETTINGS). */
    settings: jsonb('settings').$type<Partial<UserSettings>>().notNull().default({}),
    /** A custom role, when the user holds one: its permissions replace the default role's. */
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'restrict' }),
    /** A sales rep's sales manager (spec 3 §3 has-sales-manager list); kept null otherwise. */
    salesManagerId: uuid('sales_manager_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    status: text('status').notNull().default('active'),
    /**
     * A talent-pool seeker's own plan (spec 3 §6: individual accounts have their own plan):
     * their credits, which no other seeker draws. Null for everyone else (the organisation's
     * plan is theirs) and for a seeker before their first interview.
     */
    planId: uuid('plan_id').references((): AnyPgColumn => plans.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_org_idx').on(t.organizationId, t.createdAt),
    // Name-or-address search across organisations (user logs); the query must use the same
    // expression (USER_SEARCH_TEXT in modules/user-logs/repo.ts).
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`,
    ),
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

/**
 * Refresh tokens a session has already rotated away from (hashes only). Presenting one again
 * means a copy is in someone else's hands, so the session ends. A new sign-in gives the user's
 * session row a new id; the update cascade keeps a racing insert from failing it.
 */
export const retiredRefreshTokens = pgTable(
  'retired_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade', onUpdate: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('retired_refresh_tokens_session_idx').on(t.sessionId)],
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

/** A user's groups (spec 3 §3): a user may be in several; both sides go with their row. */
export const userGroups = pgTable(
  'user_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  // The primary key serves "a user's groups"; the group filter of the user list needs its own.
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index('user_groups_group_idx').on(t.groupId, t.userId),
  ],
);
