import { z } from 'zod';
import { analysisStepSchema, type AnalysisStep } from './analysis.js';
import { calendarProviderSchema } from './calendars.js';
import { crmProviderSchema } from './crm.js';

/**
 * Every job queue and its payload in one place (langfuse style). A job whose every retry failed
 * goes to its dead-letter queue, whose handler records the failure where users see it.
 */
export const QUEUES = {
  media: 'analysis-media',
  speech: 'analysis-speech',
  text: 'analysis-text',
  video: 'analysis-video',
  insights: 'analysis-insights',
  finish: 'analysis-finish',
  deadLetter: 'analysis-dead-letter',
  /** Physiology alone for a processed meeting (offline/start-physiology); not a pipeline step. */
  physiology: 'analysis-physiology',
  physiologyDeadLetter: 'analysis-physiology-dead-letter',
  /** Offline biometric verification of a meeting's participants (offline/start-biometric). */
  biometrics: 'biometric-verify',
  biometricsDeadLetter: 'biometric-verify-dead-letter',
  /** Removes a deleted organisation's media, rows and keys. */
  organizationDeletion: 'organization-delete',
  organizationDeletionDeadLetter: 'organization-delete-dead-letter',
  /** Counts one keyword tracker again over every transcript of its organisation. */
  trackerRecount: 'tracker-recount',
  trackerRecountDeadLetter: 'tracker-recount-dead-letter',
  /** Imports a CRM's changed accounts, deals and contacts (resumable from its checkpoint). */
  crmImport: 'crm-import',
  crmImportDeadLetter: 'crm-import-dead-letter',
  /** Writes (or updates) the note of an analysed call on its CRM deal. */
  crmNote: 'crm-note',
  crmNoteDeadLetter: 'crm-note-dead-letter',
  /** Computes one deal's warnings again (a linked call analysed, linked or unlinked, a stage change). */
  dealWarnings: 'deal-warnings',
  dealWarningsDeadLetter: 'deal-warnings-dead-letter',
  /** The daily pass: every deal whose warnings are a day old or were never computed. */
  dealWarningsDaily: 'deal-warnings-daily',
  dealWarningsDailyDeadLetter: 'deal-warnings-daily-dead-letter',
  /** Reads one calendar connection's changed events (incremental, from its sync token). */
  calendarSync: 'calendar-sync',
  calendarSyncDeadLetter: 'calendar-sync-dead-letter',
  /** Sent to start at a calendar event's start: asks the bot to join if the rule says so. */
  autoJoin: 'calendar-auto-join',
  autoJoinDeadLetter: 'calendar-auto-join-dead-letter',
  /** Downloads one Zoom cloud recording and creates its meeting. */
  zoomImport: 'zoom-import',
  zoomImportDeadLetter: 'zoom-import-dead-letter',
  /** Downloads a call's recording from the bot service and makes it the meeting's media. */
  botRecording: 'bot-recording',
  botRecordingDeadLetter: 'bot-recording-dead-letter',
  /** The daily retention pass: old recordings and transcripts of organisations that set it. */
  retentionDaily: 'retention-daily',
  retentionDailyDeadLetter: 'retention-daily-dead-letter',
} as const satisfies Record<
  | AnalysisStep
  | 'deadLetter'
  | 'physiology'
  | 'physiologyDeadLetter'
  | 'biometrics'
  | 'biometricsDeadLetter'
  | 'organizationDeletion'
  | 'organizationDeletionDeadLetter'
  | 'trackerRecount'
  | 'trackerRecountDeadLetter'
  | 'crmImport'
  | 'crmImportDeadLetter'
  | 'crmNote'
  | 'crmNoteDeadLetter'
  | 'dealWarnings'
  | 'dealWarningsDeadLetter'
  | 'dealWarningsDaily'
  | 'dealWarningsDailyDeadLetter'
  | 'calendarSync'
  | 'calendarSyncDeadLetter'
  | 'autoJoin'
  | 'autoJoinDeadLetter'
  | 'zoomImport'
  | 'zoomImportDeadLetter'
  | 'botRecording'
  | 'botRecordingDeadLetter'
  | 'retentionDaily'
  | 'retentionDailyDeadLetter',
  string
>;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The physiology-only job's payload. */
export const physiologyJobSchema = z.object({ meetingId: z.uuid() });
export type PhysiologyJob = z.infer<typeof physiologyJobSchema>;

/** The verification job's payload: a job of a replaced run finds another run id and stops. */
export const biometricJobSchema = z.object({ meetingId: z.uuid(), runId: z.uuid() });
export type BiometricJob = z.infer<typeof biometricJobSchema>;

/** One payload for every step: which meeting, which run (a re-analyze starts a new run). */
export const analysisJobSchema = z.object({
  meetingId: z.uuid(),
  runId: z.uuid(),
  step: analysisStepSchema,
});
export type AnalysisJob = z.infer<typeof analysisJobSchema>;

/** The organisation-deletion job's payload. */
export const organizationDeletionJobSchema = z.object({ organizationId: z.uuid() });
export type OrganizationDeletionJob = z.infer<typeof organizationDeletionJobSchema>;

/**
 * The tracker re-count job's payload: which tracker of which organisation. The job reads the
 * tracker when it runs, so a change made while one waits is counted by that one.
 */
export const trackerRecountJobSchema = z.object({ organizationId: z.uuid(), trackerId: z.uuid() });
export type TrackerRecountJob = z.infer<typeof trackerRecountJobSchema>;

/** The CRM import job's payload: which organisation's connection to which CRM. */
export const crmImportJobSchema = z.object({
  organizationId: z.uuid(),
  provider: crmProviderSchema,
});
export type CrmImportJob = z.infer<typeof crmImportJobSchema>;

/** The write-back job's payload: the note is about this meeting, on the deal it is linked to. */
export const crmNoteJobSchema = z.object({ meetingId: z.uuid() });
export type CrmNoteJob = z.infer<typeof crmNoteJobSchema>;
/** The deal-warnings job's payload: the deal is read when the job runs. */
export const dealWarningsJobSchema = z.object({ dealId: z.uuid() });
export type DealWarningsJob = z.infer<typeof dealWarningsJobSchema>;

/** The daily pass's payload: the day (UTC) it is for, so one pass a day runs however many ask. */
export const dealWarningsDailyJobSchema = z.object({ day: z.iso.date() });
export type DealWarningsDailyJob = z.infer<typeof dealWarningsDailyJobSchema>;

/** One calendar connection to read. */
export const calendarSyncJobSchema = z.object({
  connectionId: z.uuid(),
  provider: calendarProviderSchema,
});
export type CalendarSyncJob = z.infer<typeof calendarSyncJobSchema>;

/** The event and the start it was scheduled for: a moved event's old job finds another start. */
export const autoJoinJobSchema = z.object({ eventId: z.uuid(), startAt: z.string() });
export type AutoJoinJob = z.infer<typeof autoJoinJobSchema>;

/** One imported Zoom recording (its row holds what the webhook said). */
export const zoomImportJobSchema = z.object({ recordingId: z.uuid() });
export type ZoomImportJob = z.infer<typeof zoomImportJobSchema>;
/** The bot recording import's payload: the bot whose call ended. */
export const botRecordingJobSchema = z.object({ botId: z.uuid() });
export type BotRecordingJob = z.infer<typeof botRecordingJobSchema>;

/** The retention pass's payload: the day (UTC) it is for, so one pass a day runs. */
export const retentionDailyJobSchema = z.object({ day: z.iso.date() });
export type RetentionDailyJob = z.infer<typeof retentionDailyJobSchema>;
