import type { JobQueue } from '../../platform/queue/index.js';
import { QUEUES } from '@parley/contracts';
import type { CalendarConnections } from './connections.js';
import { autoJoinJob } from './jobs.js';
import type { CalendarRepo, ConnectionRow, EventRow } from './repo.js';
import type { CalendarEventData } from './types.js';

/** What the calendars need of the meetings module: the scheduled meeting of each event. */
export interface ScheduledMeetings {
  saveScheduled(input: {
    organizationId: string;
    ownerId: string;
    meetingId: string | null;
    meetingName: string;
    startTime: Date;
    meetingLink: string;
  }): Promise<string>;
  removeScheduled(meetingId: string): Promise<void>;
}

export interface SyncDeps {
  repo: CalendarRepo;
  connections: CalendarConnections;
  meetings: ScheduledMeetings;
  queue: JobQueue;
  now: () => Date;
  /** How far back and ahead a full read looks. */
  windowMs: { back: number; ahead: number };
}

export interface SyncOutcome {
  saved: number;
  removed: number;
}

/**
 * One pass over a connection: the provider's changes since the saved state (or the whole
 * window), each event with a link saved as a scheduled meeting with its join job at its start,
 * each cancelled or unlinked one removed with its meeting and job, and events that ended
 * without the bot forgotten. The new state is saved last, so a pass that fails part-way is
 * read again from the old one (saving an event twice changes nothing).
 */
export function createCalendarSync(deps: SyncDeps) {
  const { repo, queue, now } = deps;

  async function cancelJoin(e: EventRow): Promise<void> {
    if (e.joinJobId) await queue.cancel(QUEUES.autoJoin, e.joinJobId);
  }

  /** The job that decides at the event's start; the rule is read then, not now. */
  async function scheduleJoin(e: EventRow): Promise<void> {
    await cancelJoin(e);
    let jobId: string | null = null;
    if (!e.joinedAt && e.endAt > now()) {
      jobId = await queue.send(
        autoJoinJob,
        { eventId: e.id, startAt: e.startAt.toISOString() },
        undefined,
        {
          startAfter: e.startAt,
        },
      );
    }
    await repo.updateEvent(e.id, { joinJobId: jobId });
  }

  async function forget(e: EventRow): Promise<void> {
    await cancelJoin(e);
    if (e.meetingId && !e.joinedAt) await deps.meetings.removeScheduled(e.meetingId);
    await repo.removeEvent(e.id);
  }

  async function save(
    conn: ConnectionRow,
    data: CalendarEventData,
    existing: EventRow | undefined,
  ) {
    const link = data.meetingLink ?? '';
    // Its scheduled meeting was deleted in Parley: the user does not want it, so it is not
    // made again (the event row keeps it so; the join job finds no meeting and does nothing).
    const deletedHere = existing !== undefined && existing.meetingId === null;
    const meetingId = deletedHere
      ? null
      : await deps.meetings.saveScheduled({
          organizationId: conn.organizationId,
          ownerId: conn.userId,
          meetingId: existing?.meetingId ?? null,
          meetingName: data.title,
          startTime: data.startAt,
          meetingLink: link,
        });
    const values = {
      organizationId: conn.organizationId,
      userId: conn.userId,
      connectionId: conn.id,
      externalId: data.externalId,
      meetingId,
      title: data.title,
      startAt: data.startAt,
      endAt: data.endAt,
      meetingLink: link,
      hostedByMe: data.hostedByMe,
      attendeeEmails: data.attendeeEmails,
      updatedAt: now(),
    };
    if (!existing) {
      const row = await repo.insertEvent(values);
      await scheduleJoin(row);
      return;
    }
    const row = await repo.updateEvent(existing.id, values);
    // Moved: the old start's job goes and one waits for the new start.
    if (row && (existing.startAt.getTime() !== row.startAt.getTime() || !existing.joinJobId)) {
      await scheduleJoin(row);
    }
  }

  return {
    scheduleJoin,
    forget,
    async run(conn: ConnectionRow): Promise<SyncOutcome> {
      const { client, session } = deps.connections.open(conn);
      const at = now();
      const window = {
        from: new Date(at.getTime() - deps.windowMs.back),
        to: new Date(at.getTime() + deps.windowMs.ahead),
      };
      const changes = await client.changes(session, conn.syncState, window);
      // Only calls not over yet are scheduled: an ended one has nothing left for the bot.
      const inWindow = changes.events.filter((e) => e.endAt > at && e.startAt <= window.to);
      const keep = new Set(inWindow.map((e) => e.externalId));
      let removed = 0;

      const gone = changes.full
        ? (await repo.eventsOfConnection(conn.id)).filter((e) => !keep.has(e.externalId))
        : await repo.eventsByExternal(conn.id, [
            ...changes.removed,
            ...changes.events.filter((e) => !keep.has(e.externalId)).map((e) => e.externalId),
          ]);
      for (const e of gone) {
        await forget(e);
        removed += 1;
      }
      const existing = new Map(
        (await repo.eventsByExternal(conn.id, [...keep])).map((e) => [e.externalId, e]),
      );
      for (const data of inWindow) await save(conn, data, existing.get(data.externalId));
      for (const e of await repo.endedUnjoined(conn.id, at)) await forget(e);

      await repo.updateConnection(
        conn.id,
        { syncState: changes.nextState, lastSyncAt: now(), lastError: null },
        now(),
      );
      return { saved: inWindow.length, removed };
    },
  };
}
export type CalendarSync = ReturnType<typeof createCalendarSync>;
