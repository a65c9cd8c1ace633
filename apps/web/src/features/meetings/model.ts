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

/**
 * A live meeting with nothing recorded yet: a calendar event or room the bot has not recorded.
 * It has no length and no analysis to show, so lists say when it is rather than "Uploaded".
 */
export function awaitsRecording(
  meeting: Partial<Pick<Meeting, 'type' | 'inferenceStatus' | 'storageLink'>>,
): boolean {
  return meeting.type === 'live' && meeting.inferenceStatus === 'uploaded' && !meeting.storageLink;
}

/** The length in words, or a dash for a meeting not recorded yet. */
export function meetingLengthLabel(
  meeting: Pick<Meeting, 'duration' | 'durationSec'> &
    Partial<Pick<Meeting, 'type' | 'inferenceStatus' | 'storageLink'>>,
  formatSeconds: (seconds: number) => string,
): string {
  return awaitsRecording(meeting) ? '—' : formatSeconds(meetingSeconds(meeting));
}

/** The exact length in seconds when known, otherwise the minutes of the meeting entity. */
export function meetingSeconds(meeting: Pick<Meeting, 'duration' | 'durationSec'>): number {
  if (meeting.durationSec !== null && Number.isFinite(meeting.durationSec))
    return meeting.durationSec;
  return Math.max(0, meeting.duration) * 60;
}
