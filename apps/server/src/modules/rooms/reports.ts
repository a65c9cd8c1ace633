import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { ROOM } from '@parley/contracts';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { BotReports } from '../bots/index.js';
import type { MeetingsService } from '../meetings/index.js';
import type { Call } from './call-state.js';

export interface RoomReportsDeps {
  callOfBot(botId: string): Call | undefined;
  /** Tells the call's participants (the room page shows the bot's state). */
  tell(call: Call, event: string, payload: unknown): void;
  resolveStore: StoreResolver;
  meetings: Pick<MeetingsService, 'importRecording'>;
  /** Anyone else to tell (the bots module's table of bot states, once it is there). */
  next?: BotReports;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * What the room bot reports: its state to the call's participants (and onward), and its
 * recording stored as the meeting's media, which starts the meeting's offline analysis.
 */
export function createRoomReports(deps: RoomReportsDeps): BotReports {
  return {
    async state(botId, state, reason) {
      deps.log.info({ botId, state, reason }, 'room bot state');
      const call = deps.callOfBot(botId);
      if (call) deps.tell(call, 'room:bot', { name: ROOM.botName, state, reason: reason ?? null });
      await deps.next?.state(botId, state, reason);
    },
    async recording(botId, file) {
      const call = deps.callOfBot(botId);
      if (!call) throw new Error(`no call for bot ${botId}`);
      const store = await deps.resolveStore(call.organizationId);
      const key = `${call.organizationId}/uploads/room-${call.meetingId}.mkv`;
      const { size } = await stat(file);
      await store.put(key, createReadStream(file), 'video/x-matroska');
      await rm(file, { force: true });
      await deps.meetings.importRecording(call.meetingId, {
        provider: store.provider,
        key,
        sizeBytes: size,
        mimeType: 'video/x-matroska',
      });
    },
  };
}
