// The two shapes of the 'lip sync data' event (contracts: inference-lipsync.ts), built from
// what the face analysis gives.
import type { LipSyncSummaryEvent, LipSyncWindowEvent } from '@parley/contracts';
import {
  LIP_SYNC_AGREEMENT_THRESHOLD,
  type LipSyncWindow,
  type VideoFaceAnalysis,
} from '@parley/analysis';

export function lipSyncWindowEvent(meetingId: string, w: LipSyncWindow): LipSyncWindowEvent {
  return {
    kind: 'window',
    meetingId,
    personId: w.personId,
    start: w.start,
    end: w.end,
    score: w.agreement,
    status: w.status,
    frames: w.frames,
    threshold: LIP_SYNC_AGREEMENT_THRESHOLD,
  };
}

/** The meeting's figure per person, without the per-frame samples (too large to send). */
export function lipSyncSummaryEvent(
  meetingId: string,
  lipSync: VideoFaceAnalysis['lipSync'],
): LipSyncSummaryEvent {
  return {
    kind: 'summary',
    meetingId,
    lipSync: {
      available: lipSync.available,
      ...(lipSync.reason === undefined ? {} : { reason: lipSync.reason }),
      persons: lipSync.persons.map(({ personId, agreement, frames, status }) => ({
        personId,
        agreement,
        frames,
        status,
      })),
    },
  };
}
