import { QUEUES, botRecordingJobSchema } from '@parley/contracts';
import { defineDeadLetter, defineJob, type RetryRule } from '../../platform/queue/index.js';

/** The deployment's retries with back-off; half an hour for a download and a copy. */
const retry: RetryRule = (settings) => ({
  limit: settings.limit,
  delaySeconds: settings.delaySeconds,
  backoff: true,
  expireInSeconds: 1800,
});

/**
 * Imports the recording of a call a bot attended: downloaded from the service, cut where a
 * participant withdrew consent, stored, and analysed like an upload. A bot's recording is
 * imported once (meeting_bots.recording_imported_at), however many times this runs.
 */
export const botRecordingJob = defineJob({
  queue: QUEUES.botRecording,
  schema: botRecordingJobSchema,
  retry,
  deadLetter: defineDeadLetter({
    queue: QUEUES.botRecordingDeadLetter,
    schema: botRecordingJobSchema,
  }),
  singletonKey: (job) => job.botId,
});
