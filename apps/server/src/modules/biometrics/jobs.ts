import { QUEUES, biometricJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob, retryOverRecording } from '../../platform/queue/index.js';

/** Receives verification jobs whose retries ran out; its handler records the run's failure. */
export const verificationDeadLetter = defineDeadLetter({
  queue: QUEUES.biometricsDeadLetter,
  schema: biometricJobSchema,
});

/** A verification run over a meeting's recording, retried like the analysis steps. */
export const verificationJob = defineJob({
  queue: QUEUES.biometrics,
  schema: biometricJobSchema,
  retry: retryOverRecording,
  deadLetter: verificationDeadLetter,
  singletonKey: (job) => job.runId,
});
