import type { z } from 'zod';
import type { dayUsageSchema, Meeting, meetingUsageSchema } from '@parley/contracts';
import type { MediaLinks } from '../../platform/media/links.js';
import type { ListQuery, ListScope } from './list-conditions.js';
import type { MeetingListRepo } from './list-repo.js';
import { toMeeting } from './view.js';
import type { Caller } from '../../platform/http/caller.js';

export interface MeetingListsDeps {
  listRepo: MeetingListRepo;
  links: MediaLinks;
  now: () => Date;
  /** The organisation's remaining analysis credits, null without a plan. */
  /** What is left on the plan that pays for the caller (a seeker's own in the talent pool). */
  remainingCredits(organizationId: string, userId: string): Promise<number | null>;
}

/**
 * Every meeting list (spec 2 §7) over the visibility rule of ./visibility.ts: searched,
 * filtered, sorted and paged in the database, with the total count for the pager.
 */
export function createMeetingListsService(deps: MeetingListsDeps) {
  const { listRepo, links, now } = deps;

  return {
    async list(
      caller: Caller,
      scope: ListScope,
      q: ListQuery,
    ): Promise<{ data: Meeting[]; count: number }> {
      const { rows, count } = await listRepo.list(caller, scope, q, now());
      return { data: rows.map((r) => toMeeting(r, links, { userId: caller.userId })), count };
    },

    /** Recorded minutes per meeting (a started minute counts whole, as credits do). */
    async usageByMeeting(
      caller: Caller,
      range: { from?: string; to?: string },
    ): Promise<z.input<typeof meetingUsageSchema>> {
      const { rows, count, minutes } = await listRepo.withDuration(caller, range.from, range.to);
      return {
        remainingCredits: await deps.remainingCredits(caller.organizationId, caller.userId),
        usedMinutes: minutes,
        count,
        meetings: rows.map((r) => ({ ...r, startTime: r.startTime.toISOString() })),
      };
    },

    /**
     * Meetings that started in [from, to) for figures (see listRepo.startedBetween): ids,
     * start, length and status only, never a name or a link, since a manager's team meetings
     * counted here are not all theirs to open.
     */
    async startedBetween(
      caller: Caller,
      range: { from: Date; to: Date; owners?: readonly string[] },
      limit = 5000,
    ) {
      return listRepo.startedBetween(caller, range, limit);
    },

    async usageByDay(
      caller: Caller,
      range: { from?: string; to?: string },
    ): Promise<z.input<typeof dayUsageSchema>> {
      const days = await listRepo.perDay(caller, range.from, range.to);
      return {
        remainingCredits: await deps.remainingCredits(caller.organizationId, caller.userId),
        usedMinutes: days.reduce((sum, d) => sum + d.minutes, 0),
        days,
      };
    },
  };
}
export type MeetingListsService = ReturnType<typeof createMeetingListsService>;
