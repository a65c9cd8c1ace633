import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CrmObject, CrmProvider } from '@parley/contracts';
import { organizationRef } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingRef } from './meetings.js';

/**
 * Where one object's import stands: `since` is the CRM's last-modified mark the finished runs
 * reached (the next run asks only for rows changed after it); `after` is the page the running
 * pass goes on from, saved after every page so a crashed run resumes there; `high` is the
 * latest mark seen by the running pass, which becomes `since` when the pass ends.
 */
export interface CrmCursor {
  since: string | null;
  after: string | null;
  high: string | null;
}

export interface CrmAssociationPass {
  full: boolean;
  /** The id (Parley's) of the last deal whose contacts were read again. */
  after: string | null;
}

export interface CrmCounts {
  accounts: number;
  deals: number;
  contacts: number;
  meetingsLinked: number;
}

/**
 * One row per organisation and connected CRM: the import's checkpoint and progress. The
 * connection itself (its sealed tokens) is an integration_configs row like any other.
 */
export const crmSyncs = pgTable(
  'crm_syncs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    provider: text('provider').$type<CrmProvider>().notNull(),
    /** 'queued', 'running', 'done' or 'failed'. */
    state: text('state').$type<'queued' | 'running' | 'done' | 'failed'>().notNull(),
    current: text('current').$type<CrmObject>(),
    cursors: jsonb('cursors').$type<Partial<Record<CrmObject, CrmCursor>>>().notNull().default({}),
    counts: jsonb('counts')
      .$type<CrmCounts>()
      .notNull()
      .default({ accounts: 0, deals: 0, contacts: 0, meetingsLinked: 0 }),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    lastImportAt: timestamp('last_import_at', { withTimezone: true }),
    /**
     * The running re-read of deals' contacts (an association alone changes no record's
     * last-modified mark): every imported deal when `full`, else the deals this run saved;
     * `after` is the last deal done, so a retried run goes on from there. Null between runs.
     */
    associationPass: jsonb('association_pass').$type<CrmAssociationPass>(),
    /** When a full association pass last finished: one is due a day later. */
    associationsCheckedAt: timestamp('associations_checked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_syncs_org_provider_uq').on(t.organizationId, t.provider)],
);

/**
 * The note written on a CRM deal about one analysed call: its id in the CRM, so a re-analysis
 * updates that note instead of adding another. The row is claimed before the note is created,
 * with the marker the note carries: an attempt that stopped between the CRM's creating the
 * note and its id being kept here leaves the claim without an id, and the next attempt looks
 * for the marker at the CRM before creating another.
 */
export const crmNotes = pgTable(
  'crm_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    meetingId: meetingRef(),
    provider: text('provider').$type<CrmProvider>().notNull(),
    dealExternalId: text('deal_external_id').notNull(),
    /** Null while claimed: the note may or may not exist at the CRM yet. */
    noteExternalId: text('note_external_id'),
    /** Written in the note; null on notes written before markers were. */
    marker: text('marker'),
    /** When the claim was made: a note carrying the marker is no older. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('crm_notes_meeting_provider_uq').on(t.meetingId, t.provider)],
);
