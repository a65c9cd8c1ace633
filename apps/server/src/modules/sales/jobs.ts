import { QUEUES, dealWarningsDailyJobSchema, dealWarningsJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob } from '../../platform/queue/index.js';

/**
 * Computes one deal's warnings again from what is stored when it runs, so a retry or a
 * duplicate is harmless; while one waits, another for the same deal collapses into it.
 */
export const dealWarningsJob = defineJob({
  queue: QUEUES.dealWarnings,
  schema: dealWarningsJobSchema,
  retry: { limit: 3, delaySeconds: 10, backoff: true, expireInSeconds: 600 },
  deadLetter: defineDeadLetter({
    queue: QUEUES.dealWarningsDeadLetter,
    schema: dealWarningsJobSchema,
  }),
  singletonKey: (job) => job.dealId,
});

/**
 * The daily pass over every deal whose warnings are a day old (a quiet deal's "no call in 14
 * days" comes true without any event). Keyed by its day: however many processes ask, the
 * waiting one is the one that runs; a pass that ran already finds nothing stale.
 */
export const dealWarningsDailyJob = defineJob({
  queue: QUEUES.dealWarningsDaily,
  schema: dealWarningsDailyJobSchema,
  retry: { limit: 3, delaySeconds: 60, backoff: true, expireInSeconds: 3600 },
  deadLetter: defineDeadLetter({
    queue: QUEUES.dealWarningsDailyDeadLetter,
    schema: dealWarningsDailyJobSchema,
  }),
  singletonKey: (job) => job.day,
});
