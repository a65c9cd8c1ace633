import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Parley's own meeting room (issue 18 item 1): a live meeting hosted in Parley, two to six
 * people in a WebRTC mesh signalled over the realtime server's `/rooms` namespace, recorded by
 * the Parley Notetaker bot that joins as a participant.
 */
export const ROOM = {
  /** socket.io namespace on the realtime server (REALTIME.path). */
  namespace: '/rooms',
  /** People in a call, the bot not counted. */
  maxParticipants: 6,
  /** How long a guest link lets people without an account in. */
  guestLinkHours: 24,
  botName: 'Parley Notetaker',
  /** MediaRecorder slice the bot uploads, so a crash loses at most this much. */
  recorderSliceMs: 1000,
  /** The bot's PCM frames to the server (16 kHz mono Int16). */
  pcmSampleRate: 16_000,
  chatMaxLength: 1000,
} as const;

export const ROOM_MESSAGES = {
  full: 'This room is full: a call holds six participants at most.',
  linkExpired: 'This room link has expired. Ask the host for a new one.',
  linkInvalid: 'This room link is not valid.',
  ended: 'This call has ended.',
  endedUnrecorded: 'The call ended without a recording.',
  nameRequired: 'Enter your name to join.',
  notFound: 'Room not found',
  hostOnly: 'Only the host can do that.',
  permissionDenied:
    'Camera and microphone access was denied. Allow them for this site in your browser’s settings, then try again.',
  noDevice: 'No camera or microphone was found. Connect one, or join without it.',
  deviceBusy: 'The camera or microphone is in use by another application.',
  recordingStopped: 'Recording stopped at a participant’s request. Nothing after that is kept.',
  botAnnouncement:
    'Hi, I am Parley Notetaker. I am recording this call for the host. Anyone can press “Stop recording” to stop me.',
} as const;

/** Socket events of the room namespace; the signalling names are spec 2 §7's. */
export const ROOM_EVENTS = {
  offer: 'offer',
  answer: 'answer',
  candidate: 'candidate',
  livestream: 'livestream',
  disconnectStream: 'disconnect-stream',
  /** server → all: who is in the call now. */
  participants: 'room:participants',
  chat: 'room:chat',
  /** host → server: the call ends for everyone. */
  end: 'room:end',
  /** server → all. */
  ended: 'room:ended',
  /** anyone → server: withdraw consent. */
  stopRecording: 'room:stop-recording',
  /** server → all: the recording's state. */
  recording: 'room:recording',
  /** server → bot. */
  botStop: 'bot:stop-recording',
  /** bot → server: a participant's audio ({ participantId, pcm }). */
  botAudio: 'bot:audio',
  /** bot → server: the next recorder slice ({ seq, data }). */
  botChunk: 'bot:chunk',
  /** bot → server: the recorder runs. */
  botRecording: 'bot:recording',
  /** bot → server: the recorder flushed its last slice (ack). */
  botFinished: 'bot:finished',
  /** server → bot: stop the recorder, flush, and report botFinished. */
  botFinish: 'bot:finish',
  /** server → bot: say this aloud in the call ({ wav }: a WAV file's bytes). */
  botSay: 'bot:say',
} as const;

export const roomRoleSchema = z.enum(['host', 'member', 'guest', 'bot']);
export type RoomRole = z.infer<typeof roomRoleSchema>;

export const roomParticipantSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roomRoleSchema,
});
export type RoomParticipant = z.infer<typeof roomParticipantSchema>;

export const recordingStateSchema = z.enum(['off', 'starting', 'recording', 'stopped']);
export type RecordingState = z.infer<typeof recordingStateSchema>;

/** What joining answers (the socket acknowledgement). */
export interface RoomJoinAnswer {
  ok: boolean;
  message?: string;
  self?: RoomParticipant;
  participants?: RoomParticipant[];
  iceServers?: RTCIceServerLike[];
  recording?: RecordingState;
  meetingName?: string;
}

export interface RTCIceServerLike {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** How a socket of the room namespace says who it is (handshake `auth`). */
export type RoomHandshake =
  | { meetingId: string; token: string; recordWithBot?: boolean }
  | { meetingId: string; guestToken: string; name: string }
  | { meetingId: string; botToken: string };

export const createRoomBody = z.object({
  meetingName: z.string().trim().min(1).max(200),
});

export const roomSchema = z.object({
  meetingId: z.string().uuid(),
  meetingName: z.string(),
  roomLink: z.string(),
  /** Only for whoever manages the meeting: the link people without an account join with. */
  guestLink: z.string().nullable(),
  guestLinkExpiresAt: z.string().nullable(),
  isHost: z.boolean(),
  ended: z.boolean(),
});
export type Room = z.infer<typeof roomSchema>;

export const guestRoomSchema = z.object({
  meetingId: z.string().uuid(),
  meetingName: z.string(),
  expiresAt: z.string(),
  ended: z.boolean(),
});
export type GuestRoom = z.infer<typeof guestRoomSchema>;

export const roomRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/rooms',
    summary: 'Host a call in a Parley room: a live meeting with a room link and a guest link',
    tags: ['rooms'],
    auth: true,
    permission: 'meetings.upload',
    body: createRoomBody,
    response: roomSchema,
    status: 201,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/rooms/:meetingId',
    summary: 'A room the caller may see',
    tags: ['rooms'],
    auth: true,
    permission: 'meetings.read',
    response: roomSchema,
  }),
  guest: defineRoute({
    method: 'GET',
    path: '/rooms/:meetingId/guest/:token',
    summary: 'A room as its guest link shows it (no sign-in)',
    tags: ['rooms'],
    auth: false,
    response: guestRoomSchema,
  }),
} as const;
