import { z } from 'zod';
import { defineRoute } from './route.js';
import { inferenceStatusSchema, meetingStageSchema } from './meetings.js';

/**
 * The analysis pipeline (ARCHITECTURE §4): every step is one pg-boss queue whose handler is
 * idempotent. A run walks the steps in this order; re-analyze starts from a named step.
 */
export const ANALYSIS_STEPS = ['media', 'speech', 'text', 'video', 'insights', 'finish'] as const;
export const analysisStepSchema = z.enum(ANALYSIS_STEPS);
export type AnalysisStep = z.infer<typeof analysisStepSchema>;

export const ANALYSIS_STEP_LABELS: Record<AnalysisStep, string> = {
  media: 'Preparing the video',
  speech: 'Transcribing and finding speakers',
  text: 'Conversation analytics',
  video: 'Face and physiology signals',
  insights: 'Zai insights',
  finish: 'Finishing',
};

/** All queue names in one place (langfuse style); the dead-letter queue receives exhausted jobs. */
export const QUEUES = {
  media: 'analysis-media',
  speech: 'analysis-speech',
  text: 'analysis-text',
  video: 'analysis-video',
  insights: 'analysis-insights',
  finish: 'analysis-finish',
  deadLetter: 'analysis-dead-letter',
  /** Physiology alone for a processed meeting (offline/start-physiology); not a pipeline step. */
  physiology: 'analysis-physiology',
} as const satisfies Record<AnalysisStep | 'deadLetter' | 'physiology', string>;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The physiology-only job's payload. */
export const physiologyJobSchema = z.object({ meetingId: z.uuid() });

/** One payload for every step: which meeting, which run (a re-analyze starts a new run). */
export const analysisJobSchema = z.object({
  meetingId: z.uuid(),
  runId: z.uuid(),
  step: analysisStepSchema,
});
export type AnalysisJob = z.infer<typeof analysisJobSchema>;

export const STEP_STATES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export const stepStateSchema = z.enum(STEP_STATES);

export const stepStatusSchema = z.object({
  step: analysisStepSchema,
  label: z.string(),
  state: stepStateSchema,
  /** 0–100 within the step. */
  progress: z.number(),
  attempts: z.number(),
  error: z.string().nullable(),
});
export type StepStatus = z.infer<typeof stepStatusSchema>;

export const asrEngineInfoSchema = z.object({
  name: z.string(),
  model: z.string(),
  /** Known accuracy, shown next to the transcript. */
  quality: z.string(),
});
export type AsrEngineInfo = z.infer<typeof asrEngineInfoSchema>;

/** GET offline/status/{id}, and the payload of the realtime status event. */
export const offlineStatusSchema = z.object({
  meetingId: z.string(),
  inferenceStatus: inferenceStatusSchema,
  statusReason: z.string().nullable(),
  runId: z.string().nullable(),
  /** Whole-run progress 0–100. */
  progress: z.number(),
  steps: z.array(stepStatusSchema),
  engine: asrEngineInfoSchema.nullable(),
});
export type OfflineStatus = z.infer<typeof offlineStatusSchema>;

export const ANALYSIS_MESSAGES = {
  started: 'Analysis started',
  alreadyRunning: 'This meeting is already being analysed',
  notReady: 'The video is still being uploaded or prepared',
  liveMeeting: 'A live meeting is analysed while it runs',
  reanalyzeFailed: 'Re-Analyze Video Failed',
  offlineStatusFailed: 'Getting offline status failed',
  /** Shown when every retry of a step failed: the reason follows. */
  deadLettered: (step: string, reason: string) =>
    `Analysis stopped at '${step}' after every retry: ${reason}`,
  noTranscript: 'No transcriptions generated for this meeting.',
  highlightNotFound: 'Highlight not found',
  highlightDeleted: 'Highlight deleted',
  wordIndexOutOfRange: (i: number) => `Word ${i} does not exist in this transcript`,
} as const;

// ---------- transcript shapes (spec 2 §3) ----------

/** Spec 2 §3 Word timestamp; times in seconds. `index` addresses the word in PATCH calls. */
export const wordTimestampSchema = z.object({
  index: z.number().int(),
  speaker: z.string(),
  word: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  confidence: z.number().nullable(),
});
export type WordTimestamp = z.infer<typeof wordTimestampSchema>;

/** Spec 2 §3 Transcription entry: one dialogue block. */
export const transcriptionEntrySchema = z.object({
  /** 'Speaker Name: text' — the speaker-prefixed text value of the spec. */
  value: z.string(),
  /** The raw label (speaker_NN) and its display name from additionalDetails. */
  speaker: z.string(),
  speakerName: z.string(),
  text: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  /** HH:MM:SS of startTime. */
  videoTime: z.string(),
  /** Indexes of the block's words in wordToWordTimestamps: [first, last]. */
  wordRange: z.tuple([z.number().int(), z.number().int()]),
});
export type TranscriptionEntry = z.infer<typeof transcriptionEntrySchema>;

export const speakerSchema = z.object({ key: z.string(), name: z.string() });

export const transcriptionSchema = z.object({
  data: z.array(transcriptionEntrySchema),
  wordToWordTimestamps: z.array(wordTimestampSchema),
  speakers: z.array(speakerSchema),
  engine: asrEngineInfoSchema.nullable(),
  editedAt: z.string().nullable(),
});
export type Transcription = z.infer<typeof transcriptionSchema>;

/** Spec 2 §3 Diarization. */
export const diarizationSchema = z.object({
  speaker_diarization_biometrics: z.array(
    z.object({
      speaker: z.string(),
      name: z.string(),
      start: z.number(),
      end: z.number(),
      overlap: z.boolean(),
    }),
  ),
  speaker_time_analysis: z.array(
    z.object({ speaker: z.string(), name: z.string(), time: z.number(), percentage: z.number() }),
  ),
  talk_time_analysis: z.object({
    longest_monolog: z.object({
      speaker: z.string().nullable(),
      name: z.string().nullable(),
      duration: z.number(),
    }),
    /** Share of the recording in which anyone talks, 0–100. */
    team_talktime_percentage: z.number(),
  }),
  audio_length: z.number(),
  /** How many speakers were found and whether the count was estimated or given. */
  speakerCount: z.object({ value: z.number(), source: z.enum(['estimated', 'participants']) }),
});
export type Diarization = z.infer<typeof diarizationSchema>;

export const speakerTimeMappingSchema = z.array(
  z.object({ speaker: z.string(), name: z.string(), start: z.number(), end: z.number() }),
);

export const sentimentSchema = z.object({
  model: z.string(),
  overall: z.object({ compound: z.number(), label: z.enum(['positive', 'neutral', 'negative']) }),
  utterances: z.array(
    z.object({
      speaker: z.string(),
      name: z.string(),
      start: z.number(),
      end: z.number(),
      compound: z.number(),
      label: z.enum(['positive', 'neutral', 'negative']),
    }),
  ),
  overTime: z.array(
    z.object({ start: z.number(), end: z.number(), compound: z.number().nullable() }),
  ),
});

export const speakingRateSchema = z.object({
  /** Average words per minute of each speaker's talking. */
  average: z.array(z.object({ speaker: z.string(), name: z.string(), wpm: z.number() })),
  overTime: z.array(
    z.object({
      speaker: z.string(),
      name: z.string(),
      windows: z.array(
        z.object({ start: z.number(), end: z.number(), wpm: z.number().nullable() }),
      ),
    }),
  ),
});

/** Beyond spec 2: the rest of the conversation analytics for the charts beside the transcript. */
export const conversationSchema = z.object({
  fillerWords: z.array(
    z.object({ word: z.string(), start: z.number(), speaker: z.string(), name: z.string() }),
  ),
  questions: z.array(
    z.object({
      text: z.string(),
      start: z.number(),
      end: z.number(),
      speaker: z.string(),
      name: z.string(),
    }),
  ),
  interactivity: z.object({ speakerSwitches: z.number(), switchesPerMinute: z.number() }),
  engagement: z.object({
    score: z.number(),
    /** The formula in words, for the tooltip; the score is a heuristic, not a model. */
    method: z.string(),
    components: z.record(z.string(), z.object({ score: z.number(), weight: z.number() })),
  }),
});

export const highlightSchema = z.object({
  id: z.string(),
  meetingId: z.string(),
  userId: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  title: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type Highlight = z.infer<typeof highlightSchema>;

const highlightFields = z
  .object({
    startTime: z.number().min(0),
    endTime: z.number().min(0),
    title: z.string().trim().min(1, 'Give the highlight a title').max(200),
    note: z.string().trim().max(2000).nullable().optional(),
  })
  .refine((h) => h.endTime > h.startTime, {
    message: 'The highlight must end after it starts',
    path: ['endTime'],
  });

export const TRANSCRIPT_DASHBOARDS = [
  'meeting-insights-dashboard',
  'zai-insights-dashboard',
  'text-analytics-dashboard',
] as const;

/** Corrections to a transcript: a word's text and/or the speaker it belongs to. */
export const transcriptEditSchema = z.object({
  words: z
    .array(
      z
        .object({
          index: z.number().int().min(0),
          word: z.string().trim().min(1).max(100).optional(),
          speaker: z
            .string()
            .regex(/^speaker_\d{2}$/, 'Speakers are speaker_NN')
            .optional(),
        })
        .refine((w) => w.word !== undefined || w.speaker !== undefined, 'Give a word or a speaker'),
    )
    .min(1)
    .max(5000),
});

const meetingIdParam = 'meetingId';
/**
 * The transcript and the text analytics need the organisation's Zai Intelligence (spec 2 §2,
 * §6: the full transcript and its search are ZAI_INTELLIGENCE). Diarization, talk time,
 * speaker names and highlights stay with every plan: they come from the audio, not the text.
 */
const ZAI = 'Zai Intelligence' as const;
const tags = ['analysis'];

export const analysisRoutes = {
  start: defineRoute({
    method: 'POST',
    path: '/offline/start',
    summary: 'Queue an uploaded meeting for analysis (charges credits when it finishes)',
    tags,
    auth: true,
    body: z.object({ meetingId: z.uuid(), salesStage: meetingStageSchema.optional() }),
    response: offlineStatusSchema,
    status: 202,
  }),
  analyze: defineRoute({
    method: 'POST',
    path: '/offline/analyze',
    summary: 'Queue a meeting for analysis (videoLink is accepted for compatibility)',
    tags,
    auth: true,
    body: z.object({ meetingId: z.uuid(), videoLink: z.string().optional() }),
    response: offlineStatusSchema,
    status: 202,
  }),
  reanalyze: defineRoute({
    method: 'POST',
    path: '/offline/re-analyze',
    summary: 'Run the pipeline again from a step',
    tags,
    auth: true,
    body: z.object({ meetingId: z.uuid(), stage: analysisStepSchema.default('speech') }),
    response: offlineStatusSchema,
    status: 202,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/offline/status/:id',
    summary: 'Status and per-step progress of a meeting’s analysis',
    tags,
    auth: true,
    response: offlineStatusSchema,
  }),
  speakerTimeMapping: defineRoute({
    method: 'GET',
    path: `/offline/speaker-time-mapping/:${meetingIdParam}`,
    summary: 'Speaker turns with participant names',
    tags,
    auth: true,
    response: speakerTimeMappingSchema,
  }),
  transcription: defineRoute({
    method: 'GET',
    path: '/transcription/:id',
    summary: 'Transcript: dialogue blocks and word timestamps',
    tags,
    auth: true,
    feature: ZAI,
    response: transcriptionSchema,
  }),
  editTranscription: defineRoute({
    method: 'PATCH',
    path: '/transcription/:dashboard/:id',
    summary: 'Correct words or speakers; the dashboard’s analytics are recomputed',
    tags,
    auth: true,
    feature: ZAI,
    body: transcriptEditSchema,
    response: transcriptionSchema,
  }),
  diarization: defineRoute({
    method: 'GET',
    path: `/voice-diaraization/:${meetingIdParam}`,
    summary: 'Speaker diarization and talk time',
    tags,
    auth: true,
    response: diarizationSchema,
  }),
  sentiment: defineRoute({
    method: 'GET',
    path: `/inference/sentiment/:${meetingIdParam}`,
    summary: 'Sentiment per utterance, overall and over time (VADER lexicon)',
    tags,
    auth: true,
    feature: ZAI,
    response: sentimentSchema,
  }),
  speakingRate: defineRoute({
    method: 'GET',
    path: `/inference/speaking-rate/:${meetingIdParam}`,
    summary: 'Words per minute per speaker, on average and over time',
    tags,
    auth: true,
    feature: ZAI,
    response: speakingRateSchema,
  }),
  conversation: defineRoute({
    method: 'GET',
    path: `/inference/conversation/:${meetingIdParam}`,
    summary: 'Filler words, questions, interactivity and engagement',
    tags,
    auth: true,
    feature: ZAI,
    response: conversationSchema,
  }),
  nameSpeakers: defineRoute({
    method: 'PATCH',
    path: '/meeting/participant',
    summary: 'Name the speakers of a meeting (additionalDetails: speaker_NN → name)',
    tags,
    auth: true,
    body: z.object({
      meetingId: z.uuid(),
      // Keys checked in a refine: a record's own key check answers only 'Invalid key in record'.
      additionalDetails: z
        .record(z.string(), z.string().trim().max(80))
        .refine((names) => Object.keys(names).every((k) => /^speaker_\d{2}$/.test(k)), {
          message: 'Speakers are speaker_NN',
        }),
    }),
    response: z.object({ additionalDetails: z.record(z.string(), z.string()) }),
  }),
} as const;

export const highlightRoutes = {
  list: defineRoute({
    method: 'GET',
    path: `/highlights/:${meetingIdParam}`,
    summary: 'Highlights of a meeting',
    tags: ['highlights'],
    auth: true,
    response: z.array(highlightSchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/highlights',
    summary: 'Save a moment of a meeting',
    tags: ['highlights'],
    auth: true,
    body: z.intersection(z.object({ meetingId: z.uuid() }), highlightFields),
    response: highlightSchema,
    status: 201,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/highlights/:id',
    summary: 'Change a highlight',
    tags: ['highlights'],
    auth: true,
    body: highlightFields,
    response: highlightSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/highlights/:id',
    summary: 'Delete a highlight',
    tags: ['highlights'],
    auth: true,
    response: z.object({ message: z.string() }),
  }),
} as const;

/** HH:MM:SS (spec 2 §9 time format). */
export function formatHms(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => n.toString().padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** speaker_NN → participant name from additionalDetails, else 'Speaker N' (1-based). */
export function speakerDisplayName(speaker: string, names: Record<string, string>): string {
  const named = names[speaker]?.trim();
  if (named) return named;
  const m = /^speaker_(\d+)$/.exec(speaker);
  return m ? `Speaker ${Number(m[1]) + 1}` : speaker;
}
