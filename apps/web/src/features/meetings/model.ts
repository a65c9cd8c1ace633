/** Meeting words shared by every page that shows meetings (library, meeting page, uploads). */
import type { Meeting, MeetingStage } from '@parley/contracts';
import type { InferenceStatus } from '../../lib/realtime';

export type { MeetingStage };

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
  analysing: 'Analyzing',
  processed: 'Processed',
  failed: 'Failed',
};

/** The exact length in seconds when known, otherwise the minutes of the meeting entity. */
export function meetingSeconds(meeting: Pick<Meeting, 'duration' | 'durationSec'>): number {
  if (meeting.durationSec !== null && Number.isFinite(meeting.durationSec))
    return meeting.durationSec;
  return Math.max(0, meeting.duration) * 60;
}
