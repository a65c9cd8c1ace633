import { QUEUES, biometricJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob, retryOverRecording } from '../../platform/queue/index.js';

/**
 * A verification run over a meeting's recording, retried like the analysis steps. Its dead
 * letter's handler records the run's failure once no retry is left.
 */
export const verificationJob = defineJob({
  queue: QUEUES.biometrics,
  schema: biometricJobSchema,
  retry: retryOverRecording,
  deadLetter: defineDeadLetter({ queue: QUEUES.biometricsDeadLetter, schema: biometricJobSchema }),
  singletonKey: (job) => job.runId,
});
