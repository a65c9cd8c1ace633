import { z } from 'zod';
import { calendarDay } from './dates.js';
import { meetingStageSchema } from './meetings.js';
import { defineRoute } from './route.js';

/** Search across every conversation (issue 13 item 7): its limits and texts. */
export const TRANSCRIPT_SEARCH = {
  maxQueryChars: 200,
  maxPageSize: 50,
  defaultPageSize: 20,
} as const;

export const SEARCH_MESSAGES = {
  emptyQuery: 'Type a word or phrase to search for',
  noMoments: (q: string) => `No moments match “${q}”`,
} as const;

// A calendar day that exists (not 2026-02-30 or 0000-00-00, which no date can be made of).
const day = z.string().trim().pipe(calendarDay('Use a date such as 2026-01-31'));

/** What to search for and where: the text, and the meetings' job, stage, date and speaker. */
export const transcriptSearchFilters = z.object({
  /** Web-search syntax: words, "a phrase", -excluded, or. */
  q: z.string().trim().min(1, SEARCH_MESSAGES.emptyQuery).max(TRANSCRIPT_SEARCH.maxQueryChars),
  /** The job of an interview (interviews.job_id). */
  jobId: z.uuid().optional(),
  stage: meetingStageSchema.optional(),
  /** Meetings that started on or after this day (UTC). */
  from: day.optional(),
  /** Meetings that started on or before this day (UTC). */
  to: day.optional(),
  /** Part of a speaker's name as the meeting names them (or "Speaker 2" when unnamed). */
  speaker: z.string().trim().min(1).max(100).optional(),
});
export type TranscriptSearchFilters = z.output<typeof transcriptSearchFilters>;

export const transcriptSearchQuery = transcriptSearchFilters.extend({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(TRANSCRIPT_SEARCH.maxPageSize).default(20),
});
export type TranscriptSearchQuery = z.input<typeof transcriptSearchQuery>;

/** A moment of a meeting whose words match; times in seconds from the recording's start. */
export const transcriptMomentSchema = z.object({
  meetingId: z.string(),
  meetingName: z.string(),
  /** The speaker's name as the meeting names them, "Speaker N" otherwise. */
  speaker: z.string(),
  /** When the first matching word is spoken. */
  start: z.number(),
  /** When the segment holding it ends. */
  end: z.number(),
  /** The segment's text (a sentence or a few seconds of one speaker). */
  text: z.string(),
  /** Where `text` matches, as [from, to) character ranges, for highlighting. */
  matches: z.array(z.tuple([z.number(), z.number()])),
  /** When the segment starts (`start` is the matched word's time within it). */
  segmentStart: z.number(),
  /** When the meeting started (ISO). */
  meetingDate: z.string(),
  /** An interview opens on /interviews/{id}, any other meeting on /library/{id}. */
  isInterview: z.boolean(),
});
export type TranscriptMoment = z.infer<typeof transcriptMomentSchema>;

export const transcriptSearchResponse = z.object({
  data: z.array(transcriptMomentSchema),
  /** Matching moments in all. */
  count: z.number(),
  /** Distinct meetings those moments are in. */
  meetingCount: z.number(),
});
export type TranscriptSearchResult = z.infer<typeof transcriptSearchResponse>;

export const searchRoutes = {
  transcripts: defineRoute({
    method: 'GET',
    path: '/search/transcripts',
    summary: 'Moments of every visible meeting whose transcript matches (full-text, ranked)',
    tags: ['search'],
    auth: true,
    permission: 'meetings.read',
    query: transcriptSearchQuery,
    response: transcriptSearchResponse,
  }),
} as const;
