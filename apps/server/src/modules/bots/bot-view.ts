import type { BotState, MeetingBotView } from '@parley/contracts';
import type { MeetingBotRow } from './repo.js';

/** A bot still in the call (or on its way in): consent withdrawn reaches its service. */
export const ACTIVE: readonly BotState[] = ['joining', 'waiting_in_lobby', 'recording'];
export const TERMINAL: readonly BotState[] = ['left', 'failed'];

export function toBotView(row: MeetingBotRow): MeetingBotView {
  return {
    id: row.id,
    meetingId: row.meetingId,
    provider: row.provider,
    state: row.state,
    reason: row.reason,
    allowRecording: row.allowRecording,
    recordingStoppedAt: row.recordingStoppedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
