/** Meeting words shared by every page that shows meetings (library, interviews, public view). */
import {
  INFERENCE_STATUSES,
  MEETING_STAGES,
  type Meeting,
  type RouteResponse,
  type sharingRoutes,
} from '@parley/contracts';

export type MeetingStage = (typeof MEETING_STAGES)[number];
export type InferenceStatus = (typeof INFERENCE_STATUSES)[number];
export type ShareUser = RouteResponse<typeof sharingRoutes.orgUsers>[number];
export type PublicView = RouteResponse<typeof sharingRoutes.publicView>;

export const STAGE_LABELS: Record<MeetingStage, string> = {
  basic_meeting: 'Basic meeting',
  prospecting_stage: 'Prospecting',
  qualification_stage: 'Qualification',
  discovery_stage: 'Discovery',
  solution_presentation_stage: 'Solution presentation',
  negotiation_close_stage: 'Negotiation and close',
};

export const STATUS_LABELS: Record<InferenceStatus, string> = {
  uploaded: 'Uploaded',
  queued: 'Queued',
  analysing: 'Analysing',
  processed: 'Processed',
  failed: 'Failed',
};

/** Statuses after which nothing more happens to a meeting's analysis. */
export function isTerminalStatus(status: InferenceStatus): boolean {
  return status === 'processed' || status === 'failed';
}

/** The exact length in seconds when known, otherwise the minutes of the meeting entity. */
export function meetingSeconds(meeting: Pick<Meeting, 'duration' | 'durationSec'>): number {
  if (meeting.durationSec !== null && Number.isFinite(meeting.durationSec))
    return meeting.durationSec;
  return Math.max(0, meeting.duration) * 60;
}

/**
 * The full public-view URL from the server's shareLink: used as given when absolute, prefixed
 * with the origin when it is a path, and built as /public/view/{token} when it is a bare token.
 */
export function publicViewUrl(shareLink: string, origin: string): string {
  const link = shareLink.trim();
  if (/^https?:\/\//i.test(link)) return link;
  const base = origin.replace(/\/+$/, '');
  if (link.startsWith('/')) return `${base}${link}`;
  return `${base}/public/view/${encodeURIComponent(link)}`;
}
