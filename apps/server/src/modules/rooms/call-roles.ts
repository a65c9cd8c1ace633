import type { RoomRole } from '@parley/contracts';

/**
 * What each part in a call may do, decided here only: the host starts the notetaker and ends
 * the call for everyone; the notetaker is not a person, so it takes no seat, is never a
 * speaker, and is the one that sends the recording.
 */
const RIGHTS: Record<
  RoomRole,
  {
    takesSeat: boolean;
    speaks: boolean;
    startsNotetaker: boolean;
    endsCall: boolean;
    /** Joins with a bot pass and sends the recording. */
    records: boolean;
  }
> = {
  host: { takesSeat: true, speaks: true, startsNotetaker: true, endsCall: true, records: false },
  member: {
    takesSeat: true,
    speaks: true,
    startsNotetaker: false,
    endsCall: false,
    records: false,
  },
  guest: { takesSeat: true, speaks: true, startsNotetaker: false, endsCall: false, records: false },
  bot: { takesSeat: false, speaks: false, startsNotetaker: false, endsCall: false, records: true },
};

export const takesSeat = (role: RoomRole) => RIGHTS[role].takesSeat;
export const speaks = (role: RoomRole) => RIGHTS[role].speaks;
export const startsNotetaker = (role: RoomRole) => RIGHTS[role].startsNotetaker;
export const endsCall = (role: RoomRole) => RIGHTS[role].endsCall;
/** The part that records: it joins with a bot pass, never a seat. */
export const isNotetaker = (role: RoomRole) => RIGHTS[role].records;
