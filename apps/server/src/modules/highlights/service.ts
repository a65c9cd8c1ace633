import { ANALYSIS_MESSAGES as A, type Highlight } from '@parley/contracts';
import { forbidden, notFound } from '../../platform/errors.js';
import { seesWholeOrganisation, type MeetingsService } from '../meetings/index.js';
import type { HighlightRow, HighlightsRepo } from './repo.js';
import type { Caller } from '../../platform/http/caller.js';

export interface HighlightsDeps {
  repo: HighlightsRepo;
  meetings: MeetingsService;
  now: () => Date;
}

/** The contract's fields; the service stores them in seconds columns. */
export interface HighlightInput {
  startTime: number;
  endTime: number;
  title: string;
  note?: string | null;
}

function toHighlight(row: HighlightRow): Highlight {
  return {
    id: row.id,
    meetingId: row.meetingId,
    userId: row.userId,
    startTime: row.startSec,
    endTime: row.endSec,
    title: row.title,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

const fieldsOf = (h: HighlightInput) => ({
  startSec: h.startTime,
  endSec: h.endTime,
  title: h.title,
  note: h.note ?? null,
});

/**
 * Saved moments of a meeting (spec 2 §7 Highlights). Everyone who may view the meeting sees
 * its highlights and may add their own; a highlight is changed or deleted by whoever made it,
 * or by the poc or super admin, who look after the whole organisation's meetings (the same
 * two roles visibility.ts lets see every meeting). Losing sight of the meeting (a share
 * revoked) means its highlights are not found either.
 */
export function createHighlightsService(deps: HighlightsDeps) {
  const { repo, meetings, now } = deps;

  /** A highlight the caller may change: 404 when they cannot see it, 403 when not theirs. */
  async function changeable(caller: Caller, id: string): Promise<HighlightRow> {
    const row = await repo.byId(caller.organizationId, id);
    if (!row || !(await meetings.canView(caller, row.meetingId))) {
      throw notFound(A.highlightNotFound);
    }
    if (row.userId !== caller.userId && !seesWholeOrganisation(caller)) throw forbidden();
    return row;
  }

  return {
    async list(caller: Caller, meetingId: string): Promise<Highlight[]> {
      const meeting = await meetings.visible(caller, meetingId);
      return (await repo.forMeeting(meeting.id)).map(toHighlight);
    },

    async create(
      caller: Caller,
      input: HighlightInput & { meetingId: string },
    ): Promise<Highlight> {
      const meeting = await meetings.visible(caller, input.meetingId);
      const row = await repo.insert({
        ...fieldsOf(input),
        organizationId: meeting.organizationId,
        meetingId: meeting.id,
        userId: caller.userId,
        now: now(),
      });
      return toHighlight(row);
    },

    async update(caller: Caller, id: string, input: HighlightInput): Promise<Highlight> {
      const row = await changeable(caller, id);
      const updated = await repo.update(row.organizationId, row.id, fieldsOf(input), now());
      if (!updated) throw notFound(A.highlightNotFound);
      return toHighlight(updated);
    },

    async remove(caller: Caller, id: string): Promise<{ message: string }> {
      const row = await changeable(caller, id);
      if (!(await repo.remove(row.organizationId, row.id))) throw notFound(A.highlightNotFound);
      return { message: A.highlightDeleted };
    },
  };
}
export type HighlightsService = ReturnType<typeof createHighlightsService>;
