import type { AutoJoinRule } from '@parley/contracts';

/**
 * What the calendars module needs of the bots: one call that sends the bot to a link. The bots
 * module's `startBot` has this shape; app.ts passes it in (the port the lead wires).
 */
export interface AutoJoiner {
  startBot(input: {
    organizationId: string;
    userId: string;
    meetingLink: string;
    meetingName: string;
    language: string;
    /** The event's scheduled meeting, which the recording goes into. */
    meetingId: string;
  }): Promise<unknown>;
}

/** Calendar addresses that are rooms and shared calendars, not people from another company. */
const NOT_PEOPLE = /(^|\.)(resource|group)\.calendar\.google\.com$/i;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Someone invited whose address is at another domain than the calendar owner's. */
export function hasExternalGuests(attendeeEmails: readonly string[], ownerEmail: string): boolean {
  const own = domainOf(ownerEmail);
  return attendeeEmails.some(
    (e) => e.includes('@') && !NOT_PEOPLE.test(domainOf(e)) && domainOf(e) !== own,
  );
}

export interface JoinFacts {
  meetingLink: string;
  hostedByMe: boolean;
  attendeeEmails: readonly string[];
  /** The per-event toggle; null follows the rule. */
  autoJoin: boolean | null;
}

/** Whether the rule alone sends the bot to this event. */
export function ruleSays(rule: AutoJoinRule, e: JoinFacts, ownerEmail: string): boolean {
  if (!e.meetingLink) return false;
  switch (rule) {
    case 'all':
      return true;
    case 'hosted':
      return e.hostedByMe;
    case 'external':
      return hasExternalGuests(e.attendeeEmails, ownerEmail);
    case 'none':
      return false;
  }
}

/** The toggle when the user set one for this event, else the rule. */
export function willJoin(rule: AutoJoinRule, e: JoinFacts, ownerEmail: string): boolean {
  if (!e.meetingLink) return false;
  return e.autoJoin ?? ruleSays(rule, e, ownerEmail);
}
