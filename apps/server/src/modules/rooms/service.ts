import { randomUUID } from 'node:crypto';
import { ROOM, ROOM_MESSAGES as M, type GuestRoom, type Room } from '@parley/contracts';
import { notFound, unauthorized, AppError } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { MeetingRow, MeetingsService } from '../meetings/index.js';
import type { RoomPasses } from './tokens.js';

export interface RoomsDeps {
  meetings: MeetingsService;
  passes: RoomPasses;
  publicUrl: string;
  isEnded(meetingId: string): boolean;
  now: () => Date;
}

export const roomPath = (meetingId: string) => `/rooms/${meetingId}`;

/** Rooms are live meetings whose link is their own room page. */
export function createRoomsService(deps: RoomsDeps) {
  const { meetings, passes, publicUrl, now } = deps;
  const roomLink = (meetingId: string) => `${publicUrl}${roomPath(meetingId)}`;
  const isRoom = (row: MeetingRow) => row.type === 'live' && row.meetingLink === roomLink(row.id);
  const ended = (row: MeetingRow) =>
    Boolean(row.sourceKey) || row.statusReason === M.endedUnrecorded || deps.isEnded(row.id);

  function guestLink(meetingId: string) {
    const expiresAt = new Date(now().getTime() + ROOM.guestLinkHours * 3600_000);
    const token = passes.encode({ kind: 'guest', meetingId, expiresAt });
    return { link: `${roomLink(meetingId)}/join/${token}`, expiresAt };
  }

  function view(row: MeetingRow, caller: Caller): Room {
    const manages = meetings.canManage(caller, row);
    const guest = manages ? guestLink(row.id) : null;
    return {
      meetingId: row.id,
      meetingName: row.meetingName,
      roomLink: roomLink(row.id),
      guestLink: guest?.link ?? null,
      guestLinkExpiresAt: guest?.expiresAt.toISOString() ?? null,
      isHost: row.ownerId === caller.userId,
      ended: ended(row),
    };
  }

  return {
    roomLink,

    async create(caller: Caller, body: { meetingName: string }): Promise<Room> {
      const id = randomUUID();
      await meetings.createFromLink(
        caller,
        { meetingLink: roomLink(id), meetingName: body.meetingName },
        id,
      );
      const row = await meetings.rowById(id);
      if (!row) throw notFound(M.notFound);
      return view(row, caller);
    },

    async get(caller: Caller, meetingId: string): Promise<Room> {
      const row = await meetings.visible(caller, meetingId).catch(() => null);
      if (!row || !isRoom(row)) throw notFound(M.notFound);
      return view(row, caller);
    },

    /** What a guest link shows before its holder joins. */
    async guest(meetingId: string, token: string): Promise<GuestRoom> {
      const checked = passes.check(token, meetingId);
      if (!checked.ok) {
        if (checked.reason === 'expired') throw new AppError(410, M.linkExpired);
        throw unauthorized(M.linkInvalid);
      }
      if (checked.pass.kind !== 'guest') throw unauthorized(M.linkInvalid);
      const row = await meetings.rowById(meetingId);
      if (!row || !isRoom(row)) throw notFound(M.notFound);
      return {
        meetingId,
        meetingName: row.meetingName,
        expiresAt: checked.pass.expiresAt.toISOString(),
        ended: ended(row),
      };
    },
  };
}
export type RoomsService = ReturnType<typeof createRoomsService>;
