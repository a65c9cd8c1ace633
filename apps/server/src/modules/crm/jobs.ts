import { QUEUES, crmImportJobSchema, crmNoteJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob, type RetryRule } from '../../platform/queue/index.js';

/** The deployment's retries and back-off; an hour before a run counts as stuck. */
const retry: RetryRule = (settings) => ({
  limit: settings.limit,
  delaySeconds: settings.delaySeconds,
  backoff: true,
  expireInSeconds: 3600,
});

/**
 * Imports one organisation's CRM. A retry goes on from the last saved page (the checkpoint),
 * so a crash costs at most one page; while one waits, another for the same CRM collapses.
 */
export const crmImportJob = defineJob({
  queue: QUEUES.crmImport,
  schema: crmImportJobSchema,
  retry,
  deadLetter: defineDeadLetter({ queue: QUEUES.crmImportDeadLetter, schema: crmImportJobSchema }),
  singletonKey: (job) => `${job.organizationId}:${job.provider}`,
});

/**
 * Writes the note of one analysed call on its CRM deal, or updates the one written before
 * (its id is kept in crm_notes), so every analysis of the call leaves one note. A retry after
 * the note was created but before its id was kept finds it by its marker (notes.ts).
 */
export const crmNoteJob = defineJob({
  queue: QUEUES.crmNote,
  schema: crmNoteJobSchema,
  retry,
  deadLetter: defineDeadLetter({ queue: QUEUES.crmNoteDeadLetter, schema: crmNoteJobSchema }),
  singletonKey: (job) => job.meetingId,
});
