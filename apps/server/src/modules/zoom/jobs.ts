import { QUEUES, zoomImportJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob } from '../../platform/queue/index.js';

/** Downloads one announced recording and makes it a meeting; one job per recording. */
export const zoomImportJob = defineJob({
  queue: QUEUES.zoomImport,
  schema: zoomImportJobSchema,
  retry: (settings) => ({
    limit: settings.limit,
    delaySeconds: settings.delaySeconds,
    backoff: true,
    expireInSeconds: 3600,
  }),
  deadLetter: defineDeadLetter({ queue: QUEUES.zoomImportDeadLetter, schema: zoomImportJobSchema }),
  singletonKey: (job) => job.recordingId,
});
