import type { Socket } from 'socket.io';
import type { RecordingState, RoomParticipant } from '@parley/contracts';
import type { RoomRecording } from './recording.js';
import { HeldAudio } from './held-audio.js';
import { isNotetaker, takesSeat } from './call-roles.js';

/** One person (or the bot) in a call, by the socket they joined with. */
export interface Member {
  participant: RoomParticipant;
  socket: Socket;
}

/**
 * A call in progress, kept in this process: its members' sockets live here too, so a room's
 * call is served by the process its first member reached (one API process, or sticky
 * sessions in front of several).
 */
export interface Call {
  meetingId: string;
  organizationId: string;
  meetingName: string;
  members: Map<string, Member>;
  recording: RecordingState;
  /** The bot asked to record this call (its id with BotReports), once the host started it. */
  botId: string | null;
  /** The host's join asked the bots module for the notetaker (asked once per call). */
  askedForBot: boolean;
  /** When a participant withdrew consent: nothing that arrives after it is kept. */
  stoppedAt: Date | null;
  /** When the first person joined: the live transcript's times count from it. */
  startedAt: Date | null;
  file: RoomRecording | null;
  /** The live audio sink was opened for this call (closed at its end). */
  audioOpen: boolean;
  /** The notetaker's audio from before the sink was open, pushed once it is. */
  held: HeldAudio;
  ended: boolean;
  /** Ends the call when everyone but the bot left and nobody came back in time. */
  emptyTimer: NodeJS.Timeout | null;
}

export function newCall(meeting: {
  id: string;
  organizationId: string;
  meetingName: string;
}): Call {
  return {
    meetingId: meeting.id,
    organizationId: meeting.organizationId,
    meetingName: meeting.meetingName,
    members: new Map(),
    recording: 'off',
    botId: null,
    askedForBot: false,
    stoppedAt: null,
    startedAt: null,
    file: null,
    audioOpen: false,
    held: new HeldAudio(),
    ended: false,
    emptyTimer: null,
  };
}

export const people = (call: Call): RoomParticipant[] =>
  [...call.members.values()].map((m) => m.participant);

export const humans = (call: Call): Member[] =>
  [...call.members.values()].filter((m) => takesSeat(m.participant.role));

export const botOf = (call: Call): Member | undefined =>
  [...call.members.values()].find((m) => isNotetaker(m.participant.role));
