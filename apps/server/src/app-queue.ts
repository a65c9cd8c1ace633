import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config.js';
import type { Database } from './platform/db/client.js';
import { startQueue, type QueueSettings } from './platform/queue/index.js';
import { analysisStepJobs } from './modules/analysis/index.js';
import { verificationJob } from './modules/biometrics/index.js';
import { botRecordingJob } from './modules/bots/index.js';
import { crmImportJob, crmNoteJob } from './modules/crm/index.js';
import { autoJoinJob, calendarSyncJob } from './modules/calendars/index.js';
import { zoomImportJob } from './modules/zoom/index.js';
import { organizationDeletionJob } from './modules/organizations/index.js';
import { dealWarningsDailyJob, dealWarningsJob } from './modules/sales/index.js';
import { trackerRecountJob } from './modules/trackers/index.js';
import { physiologyJob } from './modules/video-signals/index.js';
import { retentionDailyJob } from './modules/retention/index.js';

/** Every job the app runs; the queue list (each queue and its dead letter) comes from these. */
const JOBS = [
  ...Object.values(analysisStepJobs),
  verificationJob,
  physiologyJob,
  organizationDeletionJob,
  trackerRecountJob,
  crmImportJob,
  crmNoteJob,
  calendarSyncJob,
  autoJoinJob,
  zoomImportJob,
  dealWarningsJob,
  dealWarningsDailyJob,
  botRecordingJob,
  retentionDailyJob,
];

/** The app's job queue on its database, with the retry and expiry the environment sets. */
export function startAppQueue(
  database: Database,
  env: Env,
  log: FastifyBaseLogger,
  observers: Pick<QueueSettings, 'onJobDone' | 'traceJob'> = {},
) {
  return startQueue(
    database,
    {
      pollSeconds: env.QUEUE_POLL_SECONDS,
      maintenanceSeconds: env.QUEUE_MAINTENANCE_SECONDS,
      retry: {
        limit: env.ANALYSIS_RETRY_LIMIT,
        delaySeconds: env.ANALYSIS_RETRY_DELAY_SECONDS,
        expireMinSeconds: env.ANALYSIS_EXPIRE_MIN_SECONDS,
        expirePerMediaSecond: env.ANALYSIS_EXPIRE_PER_MEDIA_SECOND,
      },
      ...observers,
    },
    JOBS,
    log,
  );
}
