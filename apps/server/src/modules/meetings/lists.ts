import type { z } from 'zod';
import type { dayUsageSchema, Meeting, meetingUsageSchema } from '@parley/contracts';
import type { MediaLinks } from '../../platform/media/links.js';
import type { ListQuery, ListScope, MeetingListRepo } from './list-repo.js';
import type { Viewer } from './visibility.js';
import { toMeeting } from './view.js';

export interface MeetingListsDeps {
  listRepo: MeetingListRepo;
  links: MediaLinks;
  now: () => Date;
  /** The organisation's remaining analysis credits, null without a plan. */
  remainingCredits(organizationId: string): Promise<number | null>;
}

/**
 * Every meeting list (spec 2 §7) over the visibility rule of ./visibility.ts: searched,
 * filtered, sorted and paged in the database, with the total count for the pager.
 */
export function createMeetingListsService(deps: MeetingListsDeps) {
  const { listRepo, links, now } = deps;

  return {
    async list(
      viewer: Viewer,
      scope: ListScope,
      q: ListQuery,
    ): Promise<{ data: Meeting[]; count: number }> {
      const { rows, count } = await listRepo.list(viewer, scope, q, now());
      return { data: rows.map((r) => toMeeting(r, links, { userId: viewer.userId })), count };
    },

    /** Recorded minutes per meeting (a started minute counts whole, as credits do). */
    async usageByMeeting(
      viewer: Viewer,
      range: { from?: string; to?: string },
    ): Promise<z.input<typeof meetingUsageSchema>> {
      const { rows, count, minutes } = await listRepo.withDuration(viewer, range.from, range.to);
      return {
        remainingCredits: await deps.remainingCredits(viewer.organizationId),
        usedMinutes: minutes,
        count,
        meetings: rows.map((r) => ({ ...r, startTime: r.startTime.toISOString() })),
      };
    },

    async usageByDay(
      viewer: Viewer,
      range: { from?: string; to?: string },
    ): Promise<z.input<typeof dayUsageSchema>> {
      const days = await listRepo.perDay(viewer, range.from, range.to);
      return {
        remainingCredits: await deps.remainingCredits(viewer.organizationId),
        usedMinutes: days.reduce((sum, d) => sum + d.minutes, 0),
        days,
      };
    },
  };
}
export type MeetingListsService = ReturnType<typeof createMeetingListsService>;
