import {
  speakerDisplayName,
  TRACKER_LIMITS,
  TRACKER_MESSAGES as T,
  type MeetingTrackerHits,
  type Tracker,
  type TrackerCountFilters,
  type TrackerInput,
  type TrackerMeetingCounts,
  type TrackerWeeklyCounts,
} from '@parley/contracts';
import { notFound } from '../../platform/errors.js';
import { conflictOnDuplicate } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingsService } from '../meetings/index.js';
import { countTrackers, sidesOf, type Member, type TrackerPhrases } from './count.js';
import { trackerRecountJob } from './jobs.js';
import type { MeetingToCount, TrackerRow, TrackersRepo } from './repo.js';

export interface TrackersDeps {
  repo: TrackersRepo;
  meetings: MeetingsService;
  queue: JobQueue;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Meetings a re-count reads and writes at a time. */
export const RECOUNT_BATCH = 50;

const toTracker = (row: TrackerRow): Tracker => ({
  id: row.id,
  name: row.name,
  phrases: row.phrases,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const refOf = (row: TrackerRow) => ({ id: row.id, name: row.name });

/** The hits of one meeting for these trackers, with each speaker's side. */
function hitsOf(
  meeting: MeetingToCount,
  list: readonly TrackerPhrases[],
  members: readonly Member[],
) {
  const speakers = [...new Set(meeting.words.map((w) => w.speaker))];
  const sides = sidesOf(speakers, meeting.names, members, meeting.verified);
  return countTrackers(meeting.words, list, (s) => sides.get(s) ?? 'unknown');
}

/**
 * Keyword trackers (issue 16 item 4). Who manages them is the contracts' business
 * ('trackers.manage': point of contact, sales managers, super admin); everyone with
 * 'meetings.read' reads them and the counts of the meetings they see. A tracker of another
 * organisation is not found. Counting happens when a transcript is written, corrected or its
 * speakers named (countMeeting) and, for a new or changed tracker, in a background re-count.
 */
export function createTrackersService(deps: TrackersDeps) {
  const { repo, meetings, queue, now, log } = deps;

  async function owned(caller: Caller, id: string): Promise<TrackerRow> {
    const row = await repo.byId(caller.organizationId, id);
    if (!row) throw notFound(T.notFound);
    return row;
  }

  async function recountLater(organizationId: string, trackerId: string): Promise<void> {
    await queue.send(trackerRecountJob, { organizationId, trackerId });
  }

  /**
   * Counts every tracker of the meeting's organisation in its transcript, replacing what
   * was counted before. After the speech step, a correction or naming the speakers.
   */
  async function countMeeting(meetingId: string): Promise<number> {
    const meeting = await repo.meetingToCount(meetingId);
    // No transcript (yet, or the meeting was deleted): nothing to count.
    if (!meeting) return 0;
    const [list, members] = await Promise.all([
      repo.list(meeting.organizationId),
      repo.members(meeting.organizationId),
    ]);
    const hits = hitsOf(meeting, list, members);
    await repo.replaceHits(meeting.meetingId, meeting.organizationId, null, hits);
    return hits.length;
  }

  /**
   * The re-count job: one tracker over every transcript of its organisation, a batch of
   * meetings at a time. A tracker deleted meanwhile ends it.
   */
  async function recount(organizationId: string, trackerId: string): Promise<number> {
    const members = await repo.members(organizationId);
    let after: string | null = null;
    let meetingsCounted = 0;
    for (;;) {
      // Read each batch: a change made mid-way is counted by the job it queued.
      const tracker = await repo.byId(organizationId, trackerId);
      if (!tracker) return meetingsCounted;
      const ids = await repo.transcribedMeetingIds(organizationId, after, RECOUNT_BATCH);
      if (ids.length === 0) break;
      for (const id of ids) {
        const meeting = await repo.meetingToCount(id);
        if (!meeting) continue;
        const hits = hitsOf(meeting, [tracker], members);
        await repo.replaceHits(meeting.meetingId, organizationId, tracker.id, hits);
        meetingsCounted += 1;
      }
      after = ids[ids.length - 1] ?? null;
    }
    log.info({ organizationId, trackerId, meetings: meetingsCounted }, 'tracker counted again');
    return meetingsCounted;
  }

  return {
    countMeeting,
    recount,

    async list(caller: Caller): Promise<Tracker[]> {
      return (await repo.list(caller.organizationId)).map(toTracker);
    },

    async create(caller: Caller, input: TrackerInput): Promise<Tracker> {
      const row = await conflictOnDuplicate(T.nameTaken, () =>
        repo.insert(caller.organizationId, caller.userId, input, now()),
      );
      await recountLater(row.organizationId, row.id);
      return toTracker(row);
    },

    async update(caller: Caller, id: string, input: TrackerInput): Promise<Tracker> {
      const before = await owned(caller, id);
      const row = await conflictOnDuplicate(T.nameTaken, () =>
        repo.update(before.organizationId, before.id, input, now()),
      );
      if (!row) throw notFound(T.notFound);
      // A new name alone changes no count.
      const same =
        row.phrases.length === before.phrases.length &&
        row.phrases.every((p, i) => p === before.phrases[i]);
      if (!same) await recountLater(row.organizationId, row.id);
      return toTracker(row);
    },

    /** The tracker's hits go with it at once (cascade): nothing is left to re-count. */
    async remove(caller: Caller, id: string): Promise<{ message: string }> {
      if (!(await repo.remove(caller.organizationId, id))) throw notFound(T.notFound);
      return { message: T.deleted };
    },

    /** A meeting the caller sees (404 otherwise): its mentions, with speaker names. */
    async meetingHits(caller: Caller, meetingId: string): Promise<MeetingTrackerHits> {
      const meeting = await meetings.visible(caller, meetingId);
      const [list, hits] = await Promise.all([
        repo.list(meeting.organizationId),
        repo.hitsOf(meeting.organizationId, meeting.id),
      ]);
      return {
        trackers: list.map(refOf),
        hits: hits.map((h) => ({
          trackerId: h.trackerId,
          phrase: h.phrase,
          start: h.start,
          end: h.end,
          wordStart: h.wordStart,
          wordEnd: h.wordEnd,
          speaker: h.speaker,
          speakerName: speakerDisplayName(h.speaker, meeting.additionalDetails),
          side: h.side,
        })),
      };
    },

    async weeklyCounts(caller: Caller, f: TrackerCountFilters): Promise<TrackerWeeklyCounts> {
      const [list, weeks] = await Promise.all([
        repo.list(caller.organizationId),
        repo.weeklyCounts(caller, f),
      ]);
      return { trackers: list.map(refOf), weeks };
    },

    async meetingCounts(
      caller: Caller,
      f: TrackerCountFilters & { meetingIds?: string[] | undefined },
    ): Promise<TrackerMeetingCounts> {
      const [list, found] = await Promise.all([
        repo.list(caller.organizationId),
        repo.meetingCounts(caller, f, TRACKER_LIMITS.meetings),
      ]);
      return {
        trackers: list.map(refOf),
        meetings: found.meetings.map((m) => ({
          meetingId: m.meetingId,
          meetingName: m.meetingName,
          startTime: m.startTime.toISOString(),
          counts: found.counts
            .filter((c) => c.meetingId === m.meetingId)
            .map(({ meetingId: _m, ...c }) => c),
        })),
      };
    },

    /** As countMeeting, for listeners whose own work must not fail with it. */
    async countMeetingQuietly(meetingId: string): Promise<void> {
      try {
        await countMeeting(meetingId);
      } catch (err) {
        log.warn({ err, meetingId }, 'tracker mentions not counted');
      }
    },

    async registerWorker(): Promise<void> {
      await queue.work(trackerRecountJob, async ({ organizationId, trackerId }) => {
        await recount(organizationId, trackerId);
      });
      // The counts of that tracker stay as they were; the next change queues another.
      await queue.work(trackerRecountJob.deadLetter, async (job, run) => {
        log.warn({ ...job, reason: run.reason }, 'tracker re-count gave up');
      });
    },
  };
}
export type TrackersService = ReturnType<typeof createTrackersService>;
