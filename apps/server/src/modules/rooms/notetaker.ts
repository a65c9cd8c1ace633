import type { BotJoin, MeetingBot } from '../bots/index.js';
import type { Calls } from './calls.js';

const ROOM_PATH = /^\/rooms\/([0-9a-f-]{36})\/?$/i;

export interface RoomNotetakerDeps {
  /** The origin room links are made with (PUBLIC_URL). */
  publicUrl: string;
  /** What actually joins: the headless Chromium (ParleyRoomBot), or a test's socket bot. */
  inner: MeetingBot | null;
  calls(): Calls | null;
}

/**
 * The Parley Notetaker as the bots module sees it (provider 'parley'): a room link, from
 * `POST extension` or the host's own join, names the room's meeting; the call is told which
 * bot to expect before the bot's browser comes in, so a bot started from outside the call is
 * admitted, and a second one is not.
 */
export function createRoomNotetaker(deps: RoomNotetakerDeps): MeetingBot {
  const origin = new URL(deps.publicUrl).origin;
  const meetingOf = (link: URL): string | null =>
    link.origin === origin ? (ROOM_PATH.exec(link.pathname)?.[1]?.toLowerCase() ?? null) : null;

  return {
    provider: 'parley',
    accepts: (link) => meetingOf(link) !== null,
    meetingOf,

    async join(request: BotJoin) {
      const calls = deps.calls();
      const inner = deps.inner;
      // A worker process has no sockets, and a server without Chromium has no notetaker.
      if (!calls || !inner) throw new Error('Parley rooms are not served by this process');
      await calls.admitBot(request);
      try {
        return await inner.join(request);
      } catch (err) {
        calls.botFailed(request.botId, err instanceof Error ? err.message : String(err));
        throw err;
      }
    },

    async stopRecording(externalId) {
      deps.calls()?.stopRecordingOfBot(externalId);
    },

    async leave(externalId) {
      await deps.inner?.leave(externalId);
    },
  };
}
