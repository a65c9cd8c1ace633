import type { Namespace, Server, Socket } from 'socket.io';
import {
  ROOM,
  ROOM_EVENTS as E,
  ROOM_MESSAGES as M,
  type RoomJoinAnswer,
  type RoomParticipant,
  type RoomRole,
  type RTCIceServerLike,
} from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import type { SpeechSynthesizer } from '../../platform/speech/synthesizer.js';
import type { BotReports, StartBot } from '../bots/index.js';
import type { LiveAudioSink } from '../live/index.js';
import type { MeetingRow } from '../meetings/index.js';
import { botOf, humans, newCall, people, type Call } from './call-state.js';
import { openRoomRecording } from './recording.js';
import { relaySignal, SIGNALS } from './signalling.js';
import type { RoomPasses } from './tokens.js';
import { endsCall, isNotetaker, speaks, startsNotetaker, takesSeat } from './call-roles.js';

export interface CallsDeps {
  io: Server;
  authenticate(token: string | undefined): Promise<Caller | null>;
  meetingById(id: string): Promise<MeetingRow | null>;
  /** The call ended and nothing was recorded: the meeting says so, and nobody joins again. */
  endedUnrecorded(meetingId: string): Promise<void>;
  canView(caller: Caller, meetingId: string): Promise<boolean>;
  displayName(userId: string): Promise<string>;
  passes: RoomPasses;
  sink: LiveAudioSink;
  /**
   * Asks for the Parley Notetaker through the bots module (the same path as `POST extension`
   * with the room link): its row in meeting_bots, then the room bot's join, which calls `admitBot`.
   */
  startNotetaker(input: StartBot): Promise<unknown>;
  /** The room bot itself, told to leave at the end of the call. */
  leaveBot(botId: string): Promise<void>;
  reports: BotReports;
  /** Speaks the notetaker's announcement; null leaves it to the chat alone. */
  speech: SpeechSynthesizer | null;
  iceServers: RTCIceServerLike[];
  recordingsDir: string;
  ffmpegPath: string;
  roomLink(meetingId: string): string;
  /** How long a call with nobody but the bot in it waits before it ends. */
  emptyGraceMs: number;
  /** The server's clock, as the live transcript's (its times count from the call's start). */
  now?: () => Date;
  /** How long a notetaker sent to a room nobody has joined yet waits for the first person. */
  aloneWaitMs: number;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

interface Identity {
  call: Call;
  participant: RoomParticipant;
  /** The host asked for the Parley Notetaker when they joined. */
  recordWithBot: boolean;
  /** The signed-in user behind the socket (host or member); guests and the bot have none. */
  userId?: string;
  botId?: string;
}

const text = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim().length > 0 ? v.trim().slice(0, max) : null;

/**
 * Calls in Parley rooms: who is in each, the signalling between them (relayed only to the
 * named participant, with the sender's identity as the server knows it), the chat, consent,
 * and the end of the call, when the bot's recording becomes the meeting's media.
 */
export function createCalls(deps: CallsDeps) {
  const calls = new Map<string, Call>();
  const nsp: Namespace = deps.io.of(ROOM.namespace);
  const roomOf = (call: Call) => `call:${call.meetingId}`;

  const announceParticipants = (call: Call) =>
    nsp.to(roomOf(call)).emit(E.participants, people(call));
  const announceRecording = (call: Call, reason?: string) =>
    nsp.to(roomOf(call)).emit(E.recording, { state: call.recording, reason: reason ?? null });

  async function identify(socket: Socket): Promise<Identity> {
    const auth = (socket.handshake.auth ?? {}) as Record<string, unknown>;
    const meetingId = typeof auth.meetingId === 'string' ? auth.meetingId : '';
    const meeting = await deps.meetingById(meetingId);
    if (!meeting || meeting.type !== 'live') throw new Error(M.notFound);
    let role: RoomRole;
    let name: string;
    let botId: string | undefined;
    let userId: string | undefined;
    if (typeof auth.token === 'string') {
      const caller = await deps.authenticate(auth.token);
      if (!caller || !(await deps.canView(caller, meeting.id))) throw new Error(M.notFound);
      role = caller.userId === meeting.ownerId ? 'host' : 'member';
      name = await deps.displayName(caller.userId);
      userId = caller.userId;
    } else {
      const token = typeof auth.guestToken === 'string' ? auth.guestToken : auth.botToken;
      const checked = deps.passes.check(typeof token === 'string' ? token : '', meeting.id);
      if (!checked.ok)
        throw new Error(checked.reason === 'expired' ? M.linkExpired : M.linkInvalid);
      if (checked.pass.kind === 'bot') {
        role = 'bot';
        name = ROOM.botName;
        botId = checked.pass.botId;
      } else {
        role = 'guest';
        const given = text(auth.name, 60);
        if (!given) throw new Error(M.nameRequired);
        name = given;
      }
    }
    const existing = calls.get(meeting.id);
    const over = meeting.sourceKey || meeting.statusReason === M.endedUnrecorded;
    if (existing?.ended || over) throw new Error(M.ended);
    const call = existing ?? newCall(meeting);
    if (isNotetaker(role) && call.botId !== botId) throw new Error(M.linkInvalid);
    if (takesSeat(role) && humans(call).length >= ROOM.maxParticipants) throw new Error(M.full);
    calls.set(meeting.id, call);
    return {
      call,
      participant: { id: socket.id, name, role },
      recordWithBot: startsNotetaker(role) && auth.recordWithBot !== false,
      ...(userId ? { userId } : {}),
      ...(botId ? { botId } : {}),
    };
  }

  /** The host asked for the notetaker when joining: the bots module starts it, once. */
  async function startBot(call: Call, userId: string): Promise<void> {
    if (call.botId || call.ended || call.askedForBot) return;
    call.askedForBot = true;
    try {
      await deps.startNotetaker({
        organizationId: call.organizationId,
        userId,
        meetingLink: deps.roomLink(call.meetingId),
        meetingName: call.meetingName,
        language: 'en',
        meetingId: call.meetingId,
      });
    } catch (err) {
      // The bot's row already says failed, with its reason (the bots module recorded it).
      deps.log.warn({ err, meetingId: call.meetingId }, 'rooms: the notetaker could not start');
      call.askedForBot = false;
    }
  }

  /**
   * A notetaker is on its way into the room (started by the host's join or by `POST extension`
   * with the room link): the call expects exactly this bot, and only one at a time.
   */
  async function admitBot(request: {
    meetingId: string;
    organizationId: string;
    botId: string;
  }): Promise<void> {
    const meeting = await deps.meetingById(request.meetingId);
    if (!meeting || meeting.type !== 'live' || meeting.organizationId !== request.organizationId) {
      throw new Error(M.notFound);
    }
    const over = meeting.sourceKey || meeting.statusReason === M.endedUnrecorded;
    const existing = calls.get(meeting.id);
    if (existing?.ended || over) throw new Error(M.ended);
    const call = existing ?? newCall(meeting);
    if (call.botId && call.botId !== request.botId && call.recording !== 'off') {
      throw new Error('This call already has its notetaker.');
    }
    calls.set(meeting.id, call);
    call.botId = request.botId;
    call.recording = 'starting';
    announceRecording(call);
    // Sent before anyone came: it waits for the first person, then leaves with the call.
    if (humans(call).length === 0 && !call.emptyTimer) {
      call.emptyTimer = setTimeout(() => void endCall(call, 'Nobody joined.'), deps.aloneWaitMs);
    }
  }

  /** The room bot did not get in: the call goes on unrecorded and says why. */
  function botFailed(botId: string, reason: string): void {
    const call = [...calls.values()].find((c) => c.botId === botId);
    if (!call) return;
    call.botId = null;
    call.askedForBot = false;
    call.recording = 'off';
    call.held.clear();
    announceRecording(call, reason);
    if (humans(call).length === 0) {
      if (call.emptyTimer) clearTimeout(call.emptyTimer);
      call.emptyTimer = null;
      calls.delete(call.meetingId);
    }
  }

  /** Consent withdrawn: from now on nothing is recorded or streamed, and everyone sees it. */
  function stopRecording(call: Call): void {
    if (call.recording === 'stopped' || call.recording === 'off') return;
    call.stoppedAt = new Date();
    call.recording = 'stopped';
    call.held.clear();
    botOf(call)?.socket.emit(E.botStop);
    announceRecording(call, M.recordingStopped);
  }

  async function endCall(call: Call, why: string): Promise<void> {
    if (call.ended) return;
    call.ended = true;
    if (call.emptyTimer) clearTimeout(call.emptyTimer);
    nsp.to(roomOf(call)).emit(E.ended, { reason: why });
    const bot = botOf(call);
    if (bot && call.recording === 'recording') {
      // The recorder's last slice, before the file closes.
      await bot.socket
        .timeout(15_000)
        .emitWithAck(E.botFinish)
        .catch(() => deps.log.warn({ meetingId: call.meetingId }, 'rooms: bot did not flush'));
    }
    for (const m of call.members.values()) m.socket.disconnect(true);
    if (call.audioOpen) {
      await deps.sink.close(call.meetingId).catch((err: unknown) => {
        deps.log.warn({ err, meetingId: call.meetingId }, 'rooms: live audio did not close');
      });
    }
    const botId = call.botId;
    if (botId) await deps.leaveBot(botId).catch(() => {});
    try {
      const done = await call.file?.finish();
      if (botId && done) await deps.reports.recording(botId, done.file);
      else await deps.endedUnrecorded(call.meetingId);
      if (botId) await deps.reports.state(botId, 'left');
    } catch (err) {
      deps.log.warn({ err, meetingId: call.meetingId }, 'rooms: recording could not be stored');
      if (botId) {
        // Best effort: at shutdown the database may already be gone.
        await deps.reports
          .state(botId, 'failed', 'The recording could not be stored')
          .catch(() => {});
      }
    }
    calls.delete(call.meetingId);
  }

  /** The notetaker says aloud what its chat message says, as it starts recording. */
  async function announce(socket: Socket, call: Call): Promise<void> {
    if (!deps.speech) return;
    try {
      const { wav } = await deps.speech.synthesize(M.botAnnouncement, { language: 'en' });
      if (!call.ended) socket.emit(E.botSay, { wav });
    } catch (err) {
      // The chat message still says it; a call is not stopped for a missing voice.
      deps.log.warn({ err, meetingId: call.meetingId }, 'rooms: the announcement was not spoken');
    }
  }

  function onBotEvents(socket: Socket, call: Call): void {
    socket.on(E.botRecording, async () => {
      if (call.recording !== 'starting' || call.ended) return;
      const file = await openRoomRecording(deps.recordingsDir, call.meetingId, deps.ffmpegPath);
      // Consent withdrawn (or the call ended) while the file was being made: nothing starts.
      if (call.recording !== 'starting' || call.ended) {
        await file.discard();
        return;
      }
      call.file = file;
      call.recording = 'recording';
      announceRecording(call);
      await deps.sink.open({
        meetingId: call.meetingId,
        organizationId: call.organizationId,
        ...(call.startedAt ? { callStartedAt: call.startedAt } : {}),
      });
      call.audioOpen = true;
      // What people said while the notetaker was starting: the call's first words.
      const held = call.held.take();
      if (call.recording === 'recording')
        for (const { speaker, pcm } of held) deps.sink.push(call.meetingId, speaker, pcm);
      if (call.botId) await deps.reports.state(call.botId, 'recording');
      void announce(socket, call);
    });
    socket.on(E.botChunk, (msg: { seq?: unknown; data?: unknown }) => {
      if (call.recording !== 'recording' || !call.file) return;
      if (typeof msg?.seq !== 'number' || !Buffer.isBuffer(msg.data)) return;
      call.file.append(msg.seq, msg.data);
    });
    socket.on(E.botAudio, (msg: { participantId?: unknown; pcm?: unknown }) => {
      if (call.recording !== 'recording' && call.recording !== 'starting') return;
      const speaker = call.members.get(String(msg?.participantId))?.participant;
      if (!speaker || !speaks(speaker.role) || !Buffer.isBuffer(msg.pcm)) return;
      const pcm = msg.pcm;
      // A copy on an aligned buffer: socket.io's Buffer may start at an odd offset.
      const samples = new Int16Array(Math.floor(pcm.length / 2));
      Buffer.from(samples.buffer).set(pcm.subarray(0, samples.length * 2));
      const who = { id: speaker.id, name: speaker.name };
      if (call.recording === 'recording' && call.audioOpen)
        deps.sink.push(call.meetingId, who, samples);
      else call.held.hold(who, samples);
    });
  }

  nsp.use((socket, next) => {
    identify(socket)
      .then((who) => {
        socket.data.who = who;
        next();
      })
      .catch((err: unknown) => next(err instanceof Error ? err : new Error(M.notFound)));
  });

  nsp.on('connection', (socket: Socket) => {
    const { call, participant, recordWithBot, userId } = socket.data.who as Identity;
    if (call.ended) return void socket.disconnect(true);
    // The call's clock starts with its first person, not with the notetaker.
    if (takesSeat(participant.role)) call.startedAt ??= (deps.now ?? (() => new Date()))();
    // The bot alone does not keep a call open; a person does.
    if (takesSeat(participant.role) && call.emptyTimer) {
      clearTimeout(call.emptyTimer);
      call.emptyTimer = null;
    }
    call.members.set(participant.id, { participant, socket });
    void socket.join(roomOf(call));
    const welcome: RoomJoinAnswer = {
      ok: true,
      self: participant,
      participants: people(call),
      iceServers: deps.iceServers,
      recording: call.recording,
      meetingName: call.meetingName,
    };
    socket.emit('room:welcome', welcome);
    announceParticipants(call);

    for (const event of SIGNALS) {
      socket.on(event, (payload: unknown) =>
        relaySignal(nsp, call, participant.id, event, payload),
      );
    }
    socket.on(E.chat, (msg: { text?: unknown }) => {
      const body = text(msg?.text, ROOM.chatMaxLength);
      if (!body) return;
      nsp.to(roomOf(call)).emit(E.chat, {
        from: participant.id,
        name: participant.name,
        text: body,
        at: new Date().toISOString(),
      });
    });
    socket.on(E.stopRecording, () => stopRecording(call));
    socket.on(E.end, () => {
      if (endsCall(participant.role)) void endCall(call, 'The host ended the call.');
    });
    if (isNotetaker(participant.role)) onBotEvents(socket, call);
    if (recordWithBot && userId && !call.botId) void startBot(call, userId);

    socket.on('disconnect', () => {
      if (call.members.get(participant.id)?.socket !== socket) return;
      call.members.delete(participant.id);
      if (call.ended) return;
      announceParticipants(call);
      if (humans(call).length === 0) {
        call.emptyTimer = setTimeout(() => void endCall(call, 'Everyone left.'), deps.emptyGraceMs);
      }
    });
  });

  return {
    admitBot,
    botFailed,
    /** The call's live state, for the bot's own stop (MeetingBot.stopRecording). */
    stopRecordingOfBot(botId: string): void {
      for (const call of calls.values()) if (call.botId === botId) stopRecording(call);
    },
    isEnded: (meetingId: string) => calls.get(meetingId)?.ended ?? false,
    callOf: (meetingId: string) => calls.get(meetingId),
    callOfBot(botId: string): Call | undefined {
      return [...calls.values()].find((c) => c.botId === botId);
    },
    async closeAll(): Promise<void> {
      await Promise.all([...calls.values()].map((c) => endCall(c, 'The server is stopping.')));
    },
  };
}
export type Calls = ReturnType<typeof createCalls>;
