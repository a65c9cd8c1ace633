import type { RoomRole } from '@parley/contracts';

/**
 * What each part in a call may do, decided here only: the host starts the notetaker and ends
 * the call for everyone; the notetaker is not a person, so it takes no seat, is never a
 * speaker, and is the one that sends the recording.
 */
const RIGHTS: Record<
  RoomRole,
  { takesSeat: boolean; speaks: boolean; startsNotetaker: boolean; endsCall: boolean }
> = {
  host: { takesSeat: true, speaks: true, startsNotetaker: true, endsCall: true },
  member: { takesSeat: true, speaks: true, startsNotetaker: false, endsCall: false },
  guest: { takesSeat: true, speaks: true, startsNotetaker: false, endsCall: false },
  bot: { takesSeat: false, speaks: false, startsNotetaker: false, endsCall: false },
};

export const takesSeat = (role: RoomRole) => RIGHTS[role].takesSeat;
export const speaks = (role: RoomRole) => RIGHTS[role].speaks;
export const startsNotetaker = (role: RoomRole) => RIGHTS[role].startsNotetaker;
export const endsCall = (role: RoomRole) => RIGHTS[role].endsCall;
/** The one role that records: it joins with a bot pass, never a seat. */
export const isNotetaker = (role: RoomRole) => role === 'bot';
