import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users, type StoredImage } from './accounts.js';
import { createdAt, real, updatedAt } from './columns.js';

/** A stored file of the media store (a voice sample, an avatar portrait). */
export interface StoredMedia extends StoredImage {
  contentType: string;
}

/**
 * Voices (spec 3 §3). organization_id null is the super admin's library, shared with every
 * organisation; is_default on a library row is the library's default, which an organisation
 * without a choice of its own (media_defaults) uses.
 */
export const voices = pgTable(
  'voices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    refText: text('ref_text').notNull().default(''),
    gender: text('gender').notNull(),
    tone: text('tone').notNull(),
    language: text('language').notNull(),
    engine: text('engine').notNull().default('espeak-ng'),
    engineVoice: text('engine_voice'),
    sample: jsonb('sample').$type<StoredMedia>(),
    /** Spec 3 §9: false unless the uploader confirmed the speaker agreed; who and when. */
    consent: boolean('consent').notNull().default(false),
    consentBy: uuid('consent_by').references(() => users.id, { onDelete: 'set null' }),
    consentAt: timestamp('consent_at', { withTimezone: true }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('voices_org_idx').on(t.organizationId)],
);

/** Avatars (spec 3 §3), draft -> image -> ready (spec 3 §4). */
export const avatars = pgTable(
  'avatars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    status: text('status').notNull().default('draft'),
    gender: text('gender').notNull(),
    refText: text('ref_text').notNull().default(''),
    voiceId: uuid('voice_id').references(() => voices.id, { onDelete: 'set null' }),
    prompt: text('prompt').notNull().default(''),
    isOrpheus: boolean('is_orpheus').notNull().default(false),
    motionVideo: boolean('motion_video').notNull().default(false),
    speechSpeed: real('speech_speed').notNull().default(1),
    avatarRole: text('avatar_role').notNull().default('interviewer'),
    isAvtControlled: boolean('is_avt_controlled').notNull().default(false),
    startPhrase: text('start_phrase').notNull().default(''),
    stopPhrase: text('stop_phrase').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** 'builtin:<name>' or 'upload' (then image holds it). */
    portrait: text('portrait'),
    image: jsonb('image').$type<StoredMedia>(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('avatars_org_idx').on(t.organizationId)],
);

/** An organisation's own choice of default voice and avatar (a library one or its own). */
export const mediaDefaults = pgTable(
  'media_defaults',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** 'voice' or 'avatar'. */
    kind: text('kind').notNull(),
    itemId: uuid('item_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.kind] })],
);
