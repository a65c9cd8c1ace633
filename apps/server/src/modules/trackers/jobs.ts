import { QUEUES, trackerRecountJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob } from '../../platform/queue/index.js';

/**
 * Counts one tracker again over its organisation's transcripts. While one waits, another for
 * the same tracker collapses into it (it reads the tracker when it runs); a change made while
 * one runs queues the next. Every meeting's hits are replaced, so a retry starts over safely.
 */
export const trackerRecountJob = defineJob({
  queue: QUEUES.trackerRecount,
  schema: trackerRecountJobSchema,
  retry: { limit: 5, delaySeconds: 5, backoff: true, expireInSeconds: 3600 },
  deadLetter: defineDeadLetter({
    queue: QUEUES.trackerRecountDeadLetter,
    schema: trackerRecountJobSchema,
  }),
  singletonKey: (job) => job.trackerId,
});
