import { QUEUES, autoJoinJobSchema, calendarSyncJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob, type RetryRule } from '../../platform/queue/index.js';

const retry: RetryRule = (settings) => ({
  limit: settings.limit,
  delaySeconds: settings.delaySeconds,
  backoff: true,
  expireInSeconds: 600,
});

/** Reads one connection's changes; while one waits, another for the same connection collapses. */
export const calendarSyncJob = defineJob({
  queue: QUEUES.calendarSync,
  schema: calendarSyncJobSchema,
  retry,
  deadLetter: defineDeadLetter({
    queue: QUEUES.calendarSyncDeadLetter,
    schema: calendarSyncJobSchema,
  }),
  singletonKey: (job) => job.connectionId,
});

/**
 * Waits for an event's start, then asks the bot to join if the toggle or rule says so. Sent
 * again when the event moves (the old job is cancelled, and would find another start anyway).
 */
export const autoJoinJob = defineJob({
  queue: QUEUES.autoJoin,
  schema: autoJoinJobSchema,
  // A bot is only useful near the start: a few quick retries, then the event shows the failure.
  retry: (settings) => ({
    limit: Math.min(settings.limit, 3),
    delaySeconds: settings.delaySeconds,
    backoff: false,
    expireInSeconds: 300,
  }),
  deadLetter: defineDeadLetter({ queue: QUEUES.autoJoinDeadLetter, schema: autoJoinJobSchema }),
  // The queues' policy keeps one waiting job per key: one per event and start.
  singletonKey: (job) => `${job.eventId}@${job.startAt}`,
});
