import { z } from 'zod';
import { defineRoute } from './route.js';

/** One word of the live transcript, seconds from the call's start. */
export const liveWordSchema = z.object({
  word: z.string(),
  start: z.number(),
  end: z.number(),
});
export type LiveWord = z.infer<typeof liveWordSchema>;

/**
 * Live segment (spec 2 §3): id, name, content, timeStamps {start, end}, isFinal. An interim
 * segment and the final one that replaces it share their id. `words` carries word times of a
 * final segment (the spec's word timestamps); the merge rules do not need it.
 */
export const liveSegmentSchema = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  content: z.string().optional(),
  timeStamps: z.object({ start: z.number(), end: z.number() }).optional(),
  isFinal: z.boolean(),
  words: z.array(liveWordSchema).optional(),
});
export type LiveSegment = z.infer<typeof liveSegmentSchema>;

/** A segment as the transcript panel holds it: every field present. */
export interface ShownLiveSegment {
  id: string;
  name: string;
  content: string;
  timeStamps: { start: number; end: number };
  isFinal: boolean;
}

/** How a participant without a name is shown (spec 2 §4 Live transcription). */
export const UNNAMED_SPEAKER_LABEL = 'You';

export const liveSpeakerLabel = (name: string): string =>
  name.trim() === '' ? UNNAMED_SPEAKER_LABEL : name;

/**
 * Applies one segment from the realtime channel to the transcript shown so far (spec 2 §4
 * "Live transcription"), returning a new list:
 * - a segment without a name is dropped (a final one with a warning: it is a fixed word that
 *   cannot be placed);
 * - an interim segment updates that speaker's interim one in place, or is appended;
 * - a final segment clears that speaker's interim one and is appended after the finals;
 *   a final without content or timestamps is ignored with a warning (after clearing the
 *   interim, which its final has replaced);
 * - neighbours of the same speaker and finality are merged into one.
 * Interim segments stay after the finals, as the words still being spoken.
 */
export function applyLiveSegment(
  shown: readonly ShownLiveSegment[],
  incoming: LiveSegment,
  warn: (message: string) => void = () => {},
): ShownLiveSegment[] {
  const name = incoming.name;
  if (name === null || name === undefined) {
    if (incoming.isFinal)
      warn(`live transcript: a final segment without a name was ignored (${incoming.id})`);
    return [...shown];
  }
  const sameSpeakerInterim = (s: ShownLiveSegment) => !s.isFinal && s.name === name;
  if (!incoming.isFinal) {
    const next: ShownLiveSegment = {
      id: incoming.id,
      name,
      content: incoming.content ?? '',
      timeStamps: incoming.timeStamps ?? { start: 0, end: 0 },
      isFinal: false,
    };
    const at = shown.findIndex(sameSpeakerInterim);
    if (at < 0) return mergeNeighbours([...shown, next]);
    const out = [...shown];
    out[at] = next;
    return mergeNeighbours(out);
  }
  const withoutInterim = shown.filter((s) => !sameSpeakerInterim(s));
  const content = incoming.content?.trim() ?? '';
  if (!content || !incoming.timeStamps) {
    warn(
      `live transcript: a final segment of "${liveSpeakerLabel(name)}" without ${
        content ? 'timestamps' : 'content'
      } was ignored (${incoming.id})`,
    );
    return withoutInterim;
  }
  const finals = withoutInterim.filter((s) => s.isFinal);
  const interims = withoutInterim.filter((s) => !s.isFinal);
  const final: ShownLiveSegment = {
    id: incoming.id,
    name,
    content,
    timeStamps: incoming.timeStamps,
    isFinal: true,
  };
  return mergeNeighbours([...finals, final, ...interims]);
}

/** Joins consecutive segments of the same speaker and finality. */
export function mergeNeighbours(segments: readonly ShownLiveSegment[]): ShownLiveSegment[] {
  const out: ShownLiveSegment[] = [];
  for (const s of segments) {
    const last = out[out.length - 1];
    if (last && last.name === s.name && last.isFinal === s.isFinal) {
      out[out.length - 1] = {
        ...last,
        content: [last.content, s.content].filter(Boolean).join(' '),
        timeStamps: {
          start: Math.min(last.timeStamps.start, s.timeStamps.start),
          end: Math.max(last.timeStamps.end, s.timeStamps.end),
        },
      };
    } else out.push({ ...s });
  }
  return out;
}

const sentiment = z.object({
  compound: z.number(),
  label: z.enum(['positive', 'neutral', 'negative']),
});

/** One participant's live cards, recomputed from the final segments so far. */
export const liveSpeakerStatsSchema = z.object({
  name: z.string(),
  talkTimeSec: z.number(),
  talkTimePercent: z.number(),
  wordsPerMinute: z.number(),
  fillerWords: z.number(),
  questions: z.number(),
  sentiment: sentiment.nullable(),
});

/** The live analytics event and the live part of `live-analytics/status` (issue 18 item 5). */
export const liveAnalyticsSchema = z.object({
  meetingId: z.string(),
  /** Seconds from the call's start to the end of the last final segment. */
  elapsedSec: z.number(),
  speakers: z.array(liveSpeakerStatsSchema),
  fillerWords: z.array(z.object({ word: z.string(), start: z.number(), speaker: z.string() })),
  questions: z.array(z.object({ text: z.string(), start: z.number(), speaker: z.string() })),
  sentiment: sentiment,
  engagement: z.object({ score: z.number(), method: z.string() }),
  updatedAt: z.string(),
});
export type LiveAnalytics = z.infer<typeof liveAnalyticsSchema>;

/** How often Zai's live prompts are asked again while a call runs (spec 2 §4, §9: 2 minutes). */
export const LIVE_ZAI_FREQUENCY_MS = 2 * 60 * 1000;

/** Zai's live prompts for the call so far (key questions, questions to ask, customer intent). */
export const liveZaiPromptsSchema = z.object({
  meetingId: z.string(),
  keyQuestions: z.array(z.string()),
  questionsToAsk: z.array(z.string()),
  /** Only for sales stages; null for a basic meeting. */
  customerIntent: z.string().nullable(),
  model: z.string(),
  generatedAt: z.string(),
  /** When the next ones are due, for the card's countdown. */
  nextAt: z.string(),
});
export type LiveZaiPrompts = z.infer<typeof liveZaiPromptsSchema>;

/** Whether a meeting has a live session; answered without sign-in (spec 2 §6), so no words. */
export const liveStatusSchema = z.object({
  meetingId: z.string(),
  status: z.enum(['live', 'ended', 'none']),
  startedAt: z.string().nullable(),
  speakers: z.number().int(),
});
export type LiveStatus = z.infer<typeof liveStatusSchema>;

/** What a page opened mid-call needs to show the live transcript and cards so far. */
export const liveTranscriptSchema = z.object({
  meetingId: z.string(),
  live: z.boolean(),
  /** Final segments in time order, then the interim ones being spoken. */
  segments: z.array(liveSegmentSchema),
});
export type LiveTranscript = z.infer<typeof liveTranscriptSchema>;

export const liveTagSchema = z.object({
  meetingId: z.string(),
  /** The most frequent content words of the final segments, most frequent first. */
  tags: z.array(z.string()),
  analytics: liveAnalyticsSchema.nullable(),
  zai: liveZaiPromptsSchema.nullable(),
});
export type LiveTag = z.infer<typeof liveTagSchema>;

export const liveRoutes = {
  transcript: defineRoute({
    method: 'GET',
    path: '/live/transcript/:meetingId',
    summary: 'The live transcript of a call so far',
    tags: ['live'],
    auth: true,
    permission: 'meetings.read',
    response: liveTranscriptSchema,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/live-analytics/status/:meetingId',
    summary: 'Whether a call is live (no sign-in, spec 2 §6)',
    tags: ['live'],
    auth: false,
    response: liveStatusSchema,
  }),
  tag: defineRoute({
    method: 'GET',
    path: '/live-analytics/tag/:meetingId',
    summary: 'Live analytics, Zai prompts and tags of a call so far',
    tags: ['live'],
    auth: true,
    permission: 'meetings.read',
    response: liveTagSchema,
  }),
} as const;
