import { REALTIME } from '@parley/contracts';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { MeetingRow } from './repo.js';

/** Sends a meeting's status (and 'processed' once it is) to the meeting's room. */
export function announceStatus(broadcaster: MeetingBroadcaster, row: MeetingRow): void {
  broadcaster.toMeeting(row.id, REALTIME.status, {
    meetingId: row.id,
    inferenceStatus: row.inferenceStatus,
    statusReason: row.statusReason,
  });
  if (row.inferenceStatus === 'processed') {
    broadcaster.toMeeting(row.id, REALTIME.processed, { meetingId: row.id });
  }
}
