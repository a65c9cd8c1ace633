import { ANALYSIS_MESSAGES } from '@parley/contracts';
import type { TranscriptLine } from '@parley/ai';
import { notFound } from '../../platform/errors.js';
import type { MeetingListsService, MeetingsService } from '../meetings/index.js';
import type { TranscriptsService } from '../transcripts/index.js';
import type { Caller } from '../../platform/http/caller.js';

/** The services of the meetings and transcripts modules the workbench reads through. */
export interface SourceServices {
  transcripts: TranscriptsService;
  lists: MeetingListsService;
  meetings: MeetingsService;
}

/**
 * What the workbench reads from meetings and transcripts, through their services: a meeting's
 * stored transcript (under the meeting's visibility rule), the newest processed meetings, and
 * whether a meeting a prompt names is one the caller can see.
 */

export function workbenchSources(area: SourceServices) {
  return {
    async assertMeetingVisible(caller: Caller, meetingId: string): Promise<void> {
      await area.meetings.visible(caller, meetingId);
    },
    async transcriptOf(caller: Caller, meetingId: string): Promise<TranscriptLine[]> {
      const t = await area.transcripts.transcription(caller, meetingId);
      if (t.data.length === 0) throw notFound(ANALYSIS_MESSAGES.noTranscript);
      return t.data.map((e) => ({
        speaker: e.speakerName,
        start: e.startTime,
        end: e.endTime,
        text: e.text,
      }));
    },
    async processedMeetings(caller: Caller, n: number) {
      const { data } = await area.lists.list(caller, 'reports', {
        page: 0,
        size: n,
        order: 'createdAt:desc',
      });
      return data.map((m) => ({ id: m.id, meetingName: m.meetingName }));
    },
  };
}
