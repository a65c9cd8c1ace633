import { z } from 'zod';
import { aiProviderKindSchema } from './ai.js';
import { defineRoute } from './route.js';
import { transcriptSearchFilters } from './search.js';
import type { STREAM_ERROR_EVENT, StreamError } from './errors.js';

/** The assistant's limits and fixed texts (the spec leaves them open; these are the rules). */
export const ZAI = {
  /** Meetings one question may span. */
  maxMeetings: 10,
  /**
   * Meetings a question over "all meetings matching this search" reads: the best-ranked ones.
   * Excerpts are chosen from them within the model's context budget, so more would only dilute.
   */
  maxSearchMeetings: 25,
  /** Earlier question/answer pairs sent with a follow-up. */
  maxHistory: 3,
  maxPromptChars: 2000,
  /** What a remote model is told to answer, word for word, when the excerpts lack the answer. */
  notFoundSentinel: 'The selected meetings do not contain the answer to this question.',
} as const;

export const ZAI_MESSAGES = {
  notFound: 'The selected meetings do not contain the answer to this question.',
  chooseMeetings: 'Select at least one meeting',
  tooManyMeetings: `Select at most ${ZAI.maxMeetings} meetings`,
  bothMeetingFields: 'Send meetingId or meetingIds, not both',
  searchOrMeetings: 'Ask over chosen meetings or over a search, not both',
  noSearchMatches: (q: string) => `No meetings match “${q}”`,
  /** Said with an answer over a search that matched more meetings than one question reads. */
  searchScope: (used: number, matched: number) =>
    used < matched
      ? `Answered from the ${used} most relevant of ${matched} matching meetings`
      : `Answered from the ${matched} matching ${matched === 1 ? 'meeting' : 'meetings'}`,
  /** Spec 2 §8: a browser that cannot read the streamed answer. */
  streamUnsupported: 'ReadableStream not supported in this environment.',
  failed: 'An unexpected error occurred',
} as const;

/** A meeting the assistant can answer about: visible to the caller and transcribed. */
export const zaiMeetingSchema = z.object({
  id: z.string(),
  meetingName: z.string(),
  /** When the meeting started (ISO). */
  date: z.string(),
  durationSec: z.number().nullable(),
  /** Display names of the transcript's speakers. */
  speakers: z.array(z.string()),
});
export type ZaiMeeting = z.infer<typeof zaiMeetingSchema>;

export const zaiMeetingsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export const zaiMeetingsResponse = z.object({
  data: z.array(zaiMeetingSchema),
  count: z.number(),
});

const turnSchema = z.object({
  question: z.string().max(ZAI.maxPromptChars),
  answer: z.string().max(20_000),
});

/** POST prompt/siri (spec 2 §7 {meetingId, userPrompt, model}), widened to several meetings. */
export const zaiQuestionBody = z
  .object({
    meetingId: z.string().uuid().optional(),
    meetingIds: z
      .array(z.string().uuid())
      .max(ZAI.maxMeetings, ZAI_MESSAGES.tooManyMeetings)
      .optional(),
    userPrompt: z.string().trim().min(1, 'Please enter a question').max(ZAI.maxPromptChars),
    /** Instead of chosen meetings: every visible meeting matching this transcript search. */
    search: transcriptSearchFilters.optional(),
    /** Omitted: the organisation's default model. */
    model: z.string().trim().min(1).max(100).optional(),
    /** Earlier turns of the conversation, oldest first; only the last three are used. */
    history: z.array(turnSchema).max(20).optional(),
  })
  .refine((b) => !(b.meetingId && b.meetingIds?.length), {
    message: ZAI_MESSAGES.bothMeetingFields,
  })
  .refine((b) => !(b.search && (b.meetingId || b.meetingIds?.length)), {
    message: ZAI_MESSAGES.searchOrMeetings,
  })
  .refine((b) => Boolean(b.meetingId) || (b.meetingIds?.length ?? 0) > 0 || Boolean(b.search), {
    message: ZAI_MESSAGES.chooseMeetings,
  });
export type ZaiQuestionBody = z.input<typeof zaiQuestionBody>;

/** A moment of a meeting an answer rests on; times in seconds from the recording's start. */
export const zaiCitationSchema = z.object({
  meetingId: z.string(),
  meetingName: z.string(),
  start: z.number(),
  end: z.number(),
  speaker: z.string(),
  quote: z.string(),
});
export type ZaiCitation = z.infer<typeof zaiCitationSchema>;

export const zaiFinalSchema = z.object({
  answer: z.string(),
  citations: z.array(zaiCitationSchema),
  /** The chosen meetings do not contain the answer (retrieval found nothing, or the model said so). */
  notFound: z.boolean(),
  model: z.string(),
  provider: aiProviderKindSchema,
  usage: z.object({ inputTokens: z.number(), outputTokens: z.number() }),
  /** For a question over a search: how many meetings matched, and how many were read. */
  scope: z.object({ matched: z.number(), used: z.number() }).optional(),
});
export type ZaiFinal = z.infer<typeof zaiFinalSchema>;

/**
 * The Server-Sent Events of prompt/siri: `delta` events carry text as it is written, then one
 * `final` event, or one `error` event (with the spec's message, e.g. 'Chat Gpt Key is expired!').
 */
export type ZaiStreamEvent =
  | { event: 'delta'; data: { text: string } }
  | { event: 'final'; data: ZaiFinal }
  | { event: typeof STREAM_ERROR_EVENT; data: StreamError };

export const zaiRoutes = {
  meetings: defineRoute({
    method: 'GET',
    path: '/meeting/user/zai',
    summary: 'Transcribed meetings the caller can ask Zai about (newest first, paged)',
    tags: ['zai'],
    auth: true,
    permission: 'zai.use',
    feature: 'Zai Intelligence',
    query: zaiMeetingsQuery,
    response: zaiMeetingsResponse,
  }),
  ask: defineRoute({
    method: 'POST',
    path: '/prompt/siri',
    summary:
      'Ask Zai about up to 10 meetings; answers as text/event-stream: delta events, then final (documented here) or error',
    tags: ['zai'],
    auth: true,
    permission: 'zai.use',
    feature: 'Zai Intelligence',
    body: zaiQuestionBody,
    response: zaiFinalSchema,
  }),
} as const;
