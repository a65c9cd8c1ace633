import { QUEUES, retentionDailyJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob } from '../../platform/queue/index.js';

/**
 * The daily retention pass over every organisation that set a limit. Keyed by its day: however
 * many processes ask, one waits; a second pass the same day finds nothing older left.
 */
export const retentionDailyJob = defineJob({
  queue: QUEUES.retentionDaily,
  schema: retentionDailyJobSchema,
  retry: { limit: 3, delaySeconds: 60, backoff: true, expireInSeconds: 3600 },
  deadLetter: defineDeadLetter({
    queue: QUEUES.retentionDailyDeadLetter,
    schema: retentionDailyJobSchema,
  }),
  singletonKey: (job) => job.day,
});
