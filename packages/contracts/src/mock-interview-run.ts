import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Running a mock interview (issue 19 item 5): the recording arrives in MediaRecorder slices as
 * the interview goes, each answer is transcribed when it ends and may earn one follow-up, and
 * finishing turns the recording into a meeting queued for analysis.
 */
export const MOCK_RUN_LIMITS = {
  /** One MediaRecorder slice (about 2 s of camera and microphone) is far below this. */
  chunkMaxBytes: 8 * 1024 * 1024,
  /** One answer's audio (up to the longest answer time, 600 s of Opus). */
  answerMaxBytes: 16 * 1024 * 1024,
  /** How often the page hands the recorder's slice to the server. */
  sliceMs: 2000,
  /**
   * How often the page sends the answer's audio as it is spoken, so it is transcribed while the
   * person talks and only the last fraction of a second is left when the answer ends.
   */
  answerSliceMs: 500,
} as const;

/** Content types the raw-body calls (chunk, answer) accept. */
export const MOCK_RUN_MEDIA_TYPES = [
  'application/octet-stream',
  'video/webm',
  'audio/webm',
  'audio/wav',
  'audio/ogg',
  'video/mp4',
  'audio/mp4',
] as const;

export const MOCK_RUN_MESSAGES = {
  chunkTooLarge: 'A piece of the recording is larger than 8 MB; the page sends smaller ones',
  answerTooLarge: 'The answer’s audio is larger than 16 MB',
  emptyChunk: 'The piece of the recording is empty',
  chunkOutOfOrder: (expected: number) =>
    `Piece ${expected} of the recording is expected next; send the pieces in order`,
  notStarted: 'Start the interview first',
  alreadyFinished: 'This interview has finished',
  noQuestion: 'There is no such question in this interview',
  nothingRecorded: 'Nothing was recorded, so there is nothing to analyse',
  cameraRefused:
    'Parley needs your camera and microphone to record the interview. Allow them in your browser’s site settings, then try again.',
  analysing: 'Your interview is being analysed',
  notQueued: 'Your recording is saved; its analysis has not started',
} as const;

export const mockRunStartSchema = z.object({
  interviewId: z.string(),
  /** The meeting the recording becomes. */
  meetingId: z.string(),
  /** The slice index the server expects next (0 for a new run; more when a tab reopens). */
  nextChunk: z.number().int(),
  /** Question indexes already answered. */
  answered: z.array(z.number().int()),
});
export type MockRunStart = z.infer<typeof mockRunStartSchema>;

export const mockChunkQuery = z.object({ index: z.coerce.number().int().min(0).max(100_000) });
export const mockChunkResponse = z.object({
  nextChunk: z.number().int(),
  bytes: z.number().int(),
});

export const mockAnswerQuery = z.object({
  /** Which question of the interview was answered (0-based). */
  question: z.coerce.number().int().min(0).max(50),
  /** 1 when this was the answer to that question's follow-up. */
  followUp: z.coerce.number().int().min(0).max(1).default(0),
  /**
   * When the answer started and ended, in milliseconds from the start of the recording (the
   * page counts them): the moment the feedback rests on. Older pages send neither.
   */
  startMs: z.coerce.number().int().min(0).max(86_400_000).optional(),
  endMs: z.coerce.number().int().min(0).max(86_400_000).optional(),
});

export const mockAnswerAudioQuery = mockAnswerQuery.extend({
  /** The slice's place in this answer's audio, from 0 (0 starts the answer's stream again). */
  index: z.coerce.number().int().min(0).max(100_000),
});
export const mockAnswerAudioResponse = z.object({
  /**
   * False when the server does not transcribe as the answer is spoken (another speech engine,
   * or all its live streams busy): the page stops sending and the answer is transcribed whole.
   */
  streaming: z.boolean(),
  /** The slice index the server expects next. */
  nextIndex: z.number().int(),
});
export type MockAnswerAudioResult = z.infer<typeof mockAnswerAudioResponse>;

export const mockNextSchema = z.object({
  kind: z.enum(['follow-up', 'question', 'done']),
  /** The question's index (a follow-up keeps its question's). */
  index: z.number().int(),
  /** What the avatar asks; empty when the interview is done. */
  text: z.string(),
});
export type MockNext = z.infer<typeof mockNextSchema>;

export const mockAnswerResponse = z.object({
  transcript: z.string(),
  words: z.number().int(),
  /** Why a follow-up was asked: the answer was short, or vague (no specifics). */
  reason: z.enum(['short', 'vague']).nullable(),
  next: mockNextSchema,
});
export type MockAnswerResult = z.infer<typeof mockAnswerResponse>;

export const mockFinishBody = z.object({ endedEarly: z.boolean().default(false) });
export const mockFinishResponse = z.object({
  meetingId: z.string(),
  /** False when the analysis could not be queued (no plan or credits); `message` says why. */
  queued: z.boolean(),
  message: z.string(),
});
export type MockFinishResult = z.infer<typeof mockFinishResponse>;

const own = {
  auth: true as const,
  permission: 'profile.own' as const,
  tags: ['b2c'],
  talentPool: true as const,
};

export const mockRunRoutes = {
  start: defineRoute({
    ...own,
    method: 'POST',
    path: '/b2c/mock-interview/:id/start',
    summary:
      'Start (or resume) running an own mock interview: the meeting its recording becomes, and where the recording stands',
    response: mockRunStartSchema,
  }),
  chunk: defineRoute({
    ...own,
    method: 'PUT',
    path: '/b2c/mock-interview/:id/chunk',
    summary:
      'Append one MediaRecorder slice (raw body, up to 8 MB) at ?index=; a slice sent again is accepted once',
    query: mockChunkQuery,
    response: mockChunkResponse,
  }),
  answerAudio: defineRoute({
    ...own,
    method: 'PUT',
    path: '/b2c/mock-interview/:id/answer-audio',
    summary:
      'The answer being spoken, one MediaRecorder slice at a time (raw body) at ?index=: transcribed as it arrives, so the answer call only waits for the last words',
    query: mockAnswerAudioQuery,
    response: mockAnswerAudioResponse,
  }),
  answer: defineRoute({
    ...own,
    method: 'POST',
    path: '/b2c/mock-interview/:id/answer',
    summary:
      'One answer’s audio (raw body): its transcript (from the slices streamed for it when they are its beginning, otherwise of the whole audio), and what the avatar asks next (a follow-up when the answer was short or vague)',
    query: mockAnswerQuery,
    response: mockAnswerResponse,
  }),
  finish: defineRoute({
    ...own,
    method: 'POST',
    path: '/b2c/mock-interview/:id/finish',
    summary: 'Close the recording and queue the meeting it became for analysis',
    body: mockFinishBody,
    response: mockFinishResponse,
  }),
} as const;
