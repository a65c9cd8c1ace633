import { randomUUID } from 'node:crypto';
import { MEETING_MESSAGES as M, type Meeting, type StorageProvider } from '@parley/contracts';
import { conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { MeetingRow } from './repo.js';
import type { CreatedHandler, MeetingsDeps } from './service.js';
import { searchTextOf } from './view.js';

/** What the meetings service lends these helpers: its view, announcement and onCreated hook. */
export interface LiveMeetingParts {
  view(row: MeetingRow, userId: string | null): Meeting;
  announce(row: MeetingRow): void;
  /** Whatever onCreated set at the time of the call (the analysis queues its run). */
  afterCreate: CreatedHandler;
}

/**
 * Meetings that do not start as an uploaded file: a call's link waiting for its bot, a
 * recording the product makes itself, a calendar event's scheduled meeting, and the import of
 * a bot's recording into the offline pipeline.
 */
export function createLiveMeetings(deps: MeetingsDeps, parts: LiveMeetingParts) {
  const { repo, now } = deps;
  const { view, announce, afterCreate } = parts;

  return {
    /** A meeting link waits for the bot, which arrives with the bot area. */
    async createFromLink(
      auth: Pick<Caller, 'organizationId' | 'userId'>,
      body: { meetingLink: string; meetingName: string },
      /**
       * Set by Parley's rooms, whose link names the meeting it is made for, and by a calendar
       * event's bot: its scheduled meeting, still waiting for a recording, is the one recorded.
       */
      id?: string,
    ): Promise<Meeting> {
      const scheduled = id ? await repo.byId(id) : null;
      if (scheduled) {
        if (
          scheduled.organizationId !== auth.organizationId ||
          scheduled.type !== 'live' ||
          scheduled.sourceKey
        ) {
          throw conflict(M.notWaitingForBot);
        }
        return view(scheduled, auth.userId);
      }
      // Links carry no file name; the code only has to be unique in the organisation.
      const meetingCode = `live-${randomUUID()}`;
      const row = await repo.insert({
        ...(id ? { id } : {}),
        organizationId: auth.organizationId,
        ownerId: auth.userId,
        meetingName: body.meetingName,
        meetingCode,
        type: 'live',
        inferenceStatus: 'uploaded',
        statusReason: M.waitingForBot,
        startTime: now(),
        meetingLink: body.meetingLink,
        searchText: searchTextOf(body.meetingName),
        createdAt: now(),
        updatedAt: now(),
      });
      return view(row, auth.userId);
    },

    /**
     * A meeting whose recording the product makes itself while it happens (a mock interview's
     * camera and microphone): it waits, with `statusReason` shown, until importRecording.
     */
    async openRecording(
      auth: Pick<Caller, 'organizationId' | 'userId'>,
      input: { meetingName: string; meetingCode: string; statusReason: string },
    ): Promise<MeetingRow> {
      return repo.insert({
        organizationId: auth.organizationId,
        ownerId: auth.userId,
        meetingName: input.meetingName,
        meetingCode: input.meetingCode,
        type: 'live',
        inferenceStatus: 'uploaded',
        statusReason: input.statusReason,
        startTime: now(),
        searchText: searchTextOf(input.meetingName),
        createdAt: now(),
        updatedAt: now(),
      });
    },

    /**
     * The scheduled meeting of a calendar event (calendars module): created the first time,
     * then kept at the event's title, start and link. A live meeting waiting for the bot, so it
     * shows in Scheduled (`meeting/user/schedule`) until it has started.
     */
    async saveScheduled(input: {
      organizationId: string;
      ownerId: string;
      meetingId: string | null;
      meetingName: string;
      startTime: Date;
      meetingLink: string;
    }): Promise<string> {
      const fields = {
        meetingName: input.meetingName,
        startTime: input.startTime,
        meetingLink: input.meetingLink,
        searchText: searchTextOf(input.meetingName),
      };
      if (input.meetingId) {
        const row = await repo.updateSchedule(input.meetingId, fields, now());
        if (row) return row.id;
      }
      const row = await repo.insert({
        organizationId: input.organizationId,
        ownerId: input.ownerId,
        meetingCode: `calendar-${randomUUID()}`,
        type: 'live',
        inferenceStatus: 'uploaded',
        statusReason: M.waitingForBot,
        ...fields,
        createdAt: now(),
        updatedAt: now(),
      });
      return row.id;
    },

    /** A cancelled calendar event's meeting, unless something was recorded in it already. */
    async removeScheduled(meetingId: string): Promise<void> {
      const row = await repo.byId(meetingId);
      if (row && !row.sourceKey && row.type === 'live') await repo.remove(meetingId);
    },

    /**
     * The recording of a call a bot attended, already in the organisation's store: it becomes
     * the meeting's media and goes through the offline pipeline like an upload (onCreated).
     */
    async importRecording(
      meetingId: string,
      file: { provider: StorageProvider; key: string; sizeBytes: number; mimeType: string | null },
    ): Promise<MeetingRow> {
      let row = await repo.attachRecording(
        meetingId,
        {
          storageProvider: file.provider,
          sourceKey: file.key,
          mimeType: file.mimeType,
          sizeBytes: file.sizeBytes,
        },
        now(),
      );
      if (!row) throw notFound(M.notFound);
      row = await afterCreate(row);
      announce(row);
      return row;
    },
  };
}
