import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ROOM, ROOM_MESSAGES, type RTCIceServerLike } from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import type { Realtime } from '../../platform/realtime/index.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import { EspeakSynthesizer, type SpeechSynthesizer } from '../../platform/speech/synthesizer.js';
import type { BotReports, MeetingBot, StartBot } from '../bots/index.js';
import type { LiveAudioSink } from '../live/index.js';
import type { MeetingsService } from '../meetings/index.js';
import { createCalls, type Calls } from './calls.js';
import { ParleyRoomBot } from './parley-room-bot.js';
import { createRoomNotetaker } from './notetaker.js';
import { createRoomReports } from './reports.js';
import { registerRoomRoutes } from './routes.js';
import { createRoomsService } from './service.js';
import { createRoomPasses } from './tokens.js';

export interface RoomsNeeds {
  /** Null in a worker process: rooms are served by the processes with sockets. */
  realtime: Realtime | null;
  authenticate(token: string | undefined): Promise<Caller | null>;
  meetings: MeetingsService;
  displayName(userId: string): Promise<string>;
  resolveStore: StoreResolver;
  liveAudio: LiveAudioSink;
  iceServers: RTCIceServerLike[];
  chromiumPath: string;
  ffmpegPath: string;
  dataDir: string;
  appSecret: string;
  publicUrl: string;
  /** Another bot in place of the headless Chromium (tests); null records nothing. */
  bot?: MeetingBot | null;
  /** Where bot states go besides the room: the bots module's meeting_bots rows. */
  reports: BotReports;
  /** The bots module's start (POST extension's): the host's join asks for the notetaker here. */
  startBot(input: StartBot): Promise<unknown>;
  emptyGraceMs?: number;
  aloneWaitMs?: number;
  /** The notetaker's voice; Debian's espeak-ng by default, null for chat only. */
  speech?: SpeechSynthesizer | null;
  now: () => Date;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** Parley's own meeting rooms, their calls and the Parley Notetaker that records them. */
export function createRoomsModule(needs: RoomsNeeds) {
  const passes = createRoomPasses(needs.appSecret, needs.now);
  let calls: Calls | null = null;
  const service = createRoomsService({
    meetings: needs.meetings,
    passes,
    publicUrl: needs.publicUrl,
    isEnded: (id) => calls?.isEnded(id) ?? false,
    now: needs.now,
  });
  const roomBot =
    needs.bot === undefined
      ? new ParleyRoomBot({
          chromiumPath: needs.chromiumPath,
          passes,
          publicUrl: needs.publicUrl,
          stopRecording: (botId) => calls?.stopRecordingOfBot(botId),
          log: needs.log,
        })
      : null;
  const bot = needs.bot === undefined ? roomBot : needs.bot;
  const notetaker = createRoomNotetaker({
    publicUrl: needs.publicUrl,
    inner: bot,
    calls: () => calls,
  });
  if (needs.realtime) {
    const nsp = needs.realtime.io.of(ROOM.namespace);
    const reports = createRoomReports({
      callOfBot: (botId) => calls?.callOfBot(botId),
      tell: (call, event, payload) => nsp.to(`call:${call.meetingId}`).emit(event, payload),
      resolveStore: needs.resolveStore,
      meetings: needs.meetings,
      next: needs.reports,
      log: needs.log,
    });
    calls = createCalls({
      io: needs.realtime.io,
      authenticate: needs.authenticate,
      meetingById: (id) => needs.meetings.rowById(id),
      endedUnrecorded: async (id) =>
        void (await needs.meetings.setStatus(id, 'uploaded', ROOM_MESSAGES.endedUnrecorded)),
      canView: (caller, id) => needs.meetings.canView(caller, id),
      displayName: needs.displayName,
      passes,
      sink: needs.liveAudio,
      now: needs.now,
      startNotetaker: needs.startBot,
      leaveBot: async (botId) => bot?.leave(botId),
      reports,
      speech: needs.speech === undefined ? new EspeakSynthesizer() : needs.speech,
      iceServers: needs.iceServers,
      recordingsDir: path.join(needs.dataDir, 'room-recordings'),
      ffmpegPath: needs.ffmpegPath,
      roomLink: service.roomLink,
      emptyGraceMs: needs.emptyGraceMs ?? 10_000,
      aloneWaitMs: needs.aloneWaitMs ?? 15 * 60_000,
      log: needs.log,
    });
  }
  return {
    service,
    /** The Parley Notetaker, registered with the bots module as its 'parley' provider. */
    bot: notetaker,
    registerRoutes: (api: FastifyInstance) => registerRoomRoutes(api, service),
    /** Ends the calls in progress (their recordings are kept) and closes the bot's browser. */
    async close(): Promise<void> {
      await calls?.closeAll();
      await roomBot?.close();
    },
  };
}
export type RoomsModule = ReturnType<typeof createRoomsModule>;
