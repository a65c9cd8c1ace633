import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Reports of a meeting as PDF (issue 13 item 5, spec 2 §7 Reports): the HR report, the sales
 * report, and the candidate's own report, which the organisation may choose to send. PDFs are
 * made on the server and answered as application/pdf, named after the meeting.
 */

/** The body of a PDF answer; the catalogue and OpenAPI see its media type in the summary. */
const pdfFile = z
  .custom<Uint8Array<ArrayBufferLike>>((v) => v instanceof Uint8Array)
  .meta({ description: 'The report as a PDF document (application/pdf)' });

export const REPORT_MESSAGES = {
  /** Web: any failed download (the toast's title; the HTTP status says why). */
  downloadFailed: 'Failed to download PDF',
  noCandidate: 'This interview has no candidate with an e-mail address to send the report to',
  sent: (email: string) => `Report sent to ${email}`,
  sendFailed: 'The report could not be e-mailed; nothing was sent. Try again later.',
} as const;

export const REPORT_KINDS = ['hr', 'sales', 'candidate'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * The file a report is saved as: the meeting's name without its recording's extension, with
 * characters file systems refuse replaced, then '.pdf' (the candidate's report says so).
 */
export function reportFileName(meetingName: string, kind: ReportKind): string {
  const base = meetingName
    .replace(/\.(mp4|webm|mov|mkv|avi|m4a|mp3|wav|ogg|aac|flac)$/i, '')
    // Path separators, characters Windows refuses, and control characters.
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120)
    .replace(/^\.+/, '');
  const name = base || 'Meeting';
  return kind === 'candidate' ? `${name} - candidate report.pdf` : `${name}.pdf`;
}

/** What the candidate's report holds, shown in words before the organisation sends it. */
export const candidateReportPreviewSchema = z.object({
  meetingId: z.string(),
  candidate: z.object({ name: z.string(), email: z.string() }),
  jobTitle: z.string().nullable(),
  strengths: z.array(z.string()),
  improvements: z.array(z.string()),
  consent: z.object({
    /** What was recorded and kept, in words ('Video', 'Face biometrics', …). */
    recorded: z.array(z.string()),
    /** When the candidate agreed, and how that is known, in a sentence. */
    agreed: z.string(),
    /** How to ask for deletion, in a sentence with the address to write to. */
    deletion: z.string(),
  }),
});
export type CandidateReportPreview = z.infer<typeof candidateReportPreviewSchema>;

const tags = ['reports'];

export const reportRoutes = {
  hr: defineRoute({
    method: 'GET',
    path: '/report/hr/:meetingId',
    summary: 'HR report of a meeting (application/pdf)',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: 'HR Workflow',
    response: pdfFile,
  }),
  sales: defineRoute({
    method: 'GET',
    path: '/report/sales/:meetingId',
    summary: 'Sales report of a meeting (application/pdf)',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: 'Sales Intelligence',
    response: pdfFile,
  }),
  candidate: defineRoute({
    method: 'GET',
    path: '/report/candidate/:meetingId',
    summary: 'The candidate’s report of an interview, without private scores (application/pdf)',
    tags,
    auth: true,
    permission: 'interviews.manage',
    feature: 'HR Workflow',
    response: pdfFile,
  }),
  candidatePreview: defineRoute({
    method: 'GET',
    path: '/report/candidate/:meetingId/preview',
    summary: 'What the candidate’s report holds and whom it goes to, before sending it',
    tags,
    auth: true,
    permission: 'interviews.manage',
    feature: 'HR Workflow',
    response: candidateReportPreviewSchema,
  }),
  sendCandidate: defineRoute({
    method: 'POST',
    path: '/report/candidate/:meetingId/send',
    summary: 'E-mail the candidate their report as a PDF attachment',
    tags,
    auth: true,
    permission: 'interviews.manage',
    feature: 'HR Workflow',
    response: z.object({ message: z.string(), to: z.string() }),
  }),
} as const;
