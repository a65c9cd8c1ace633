import { z } from 'zod';
import { defineRoute } from './route.js';
import { inferenceStatusSchema, meetingStageSchema } from './meetings.js';
import {
  asrEngineInfoSchema,
  conversationSchema,
  diarizationSchema,
  sentimentSchema,
  speakerTimeMappingSchema,
  speakingRateSchema,
  transcriptEditSchema,
  transcriptionSchema,
} from './transcript.js';

/**
 * The analysis pipeline (ARCHITECTURE §4): every step is one pg-boss queue whose handler is
 * idempotent. The steps are listed in the order users read them; re-analyze starts from a
 * named step, and the steps before it keep their outputs.
 */
export const ANALYSIS_STEPS = ['media', 'speech', 'text', 'video', 'insights', 'finish'] as const;
export const analysisStepSchema = z.enum(ANALYSIS_STEPS);
export type AnalysisStep = z.infer<typeof analysisStepSchema>;

/**
 * What each step reads. A step is sent once every step it needs is done or skipped. The video
 * step reads only the prepared media, but it is held behind the speech step because both
 * spend their first part on this process's thread (the speech step decoding, finding voices
 * and speakers; the face models), and the first transcript lines wait for that part: run side
 * by side they would halve each other. So the speech step sends the video step early, when
 * its own speech-to-text starts (that runs in other processes and threads), and the face
 * models then use the second core meanwhile (analysis worker, `onTranscribing`).
 */
export const ANALYSIS_STEP_NEEDS: Record<AnalysisStep, readonly AnalysisStep[]> = {
  media: [],
  speech: ['media'],
  text: ['speech'],
  video: ['speech'],
  insights: ['text', 'video'],
  finish: ['insights'],
};

/** The steps of a run that may start now: pending, with every step they need finished. */
export function readySteps(
  states: Partial<Record<AnalysisStep, { state: StepState }>>,
  among: readonly AnalysisStep[] = ANALYSIS_STEPS,
): AnalysisStep[] {
  const finished = (s: AnalysisStep) =>
    states[s]?.state === 'done' || states[s]?.state === 'skipped';
  return among.filter(
    (step) =>
      (states[step]?.state ?? 'pending') === 'pending' && ANALYSIS_STEP_NEEDS[step].every(finished),
  );
}

/** The steps that read `step`'s output. */
export const stepsAfter = (step: AnalysisStep): AnalysisStep[] =>
  ANALYSIS_STEPS.filter((s) => ANALYSIS_STEP_NEEDS[s].includes(step));

export const ANALYSIS_STEP_LABELS: Record<AnalysisStep, string> = {
  media: 'Preparing the video',
  speech: 'Transcribing and finding speakers',
  text: 'Conversation analytics',
  video: 'Face and physiology signals',
  insights: 'Zai insights',
  finish: 'Finishing',
};

export const STEP_STATES = ['pending', 'running', 'done', 'failed', 'skipped'] as const;
export const stepStateSchema = z.enum(STEP_STATES);
export type StepState = z.infer<typeof stepStateSchema>;

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
  alreadyRunning: 'This meeting is already being analyzed',
  notReady: 'The video is still being uploaded or prepared',
  liveMeeting: 'A live meeting is analyzed while it runs',
  reanalyzeFailed: 'Re-Analyze Video Failed',
  offlineStatusFailed: 'Getting offline status failed',
  /** Shown when every retry of a step failed: the reason follows. */
  deadLettered: (step: string, reason: string) =>
    `Analysis stopped at '${step}' after every retry: ${reason}`,
  noTranscript: 'No transcriptions generated for this meeting.',
  /** The recording itself is the problem: shown at the first attempt, never retried. */
  noSound: 'The recording has no sound track to transcribe.',
  noPicture: 'The recording has no picture to analyze.',
  undecodable:
    'The recording could not be decoded: the file is damaged or in a format ffmpeg cannot read.',
  highlightNotFound: 'Highlight not found',
  highlightDeleted: 'Highlight deleted',
  wordIndexOutOfRange: (i: number) => `Word ${i} does not exist in this transcript`,
} as const;

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
    permission: 'meetings.upload',
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
    permission: 'meetings.upload',
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
    permission: 'meetings.manage',
    body: z.object({ meetingId: z.uuid(), stage: analysisStepSchema.default('speech') }),
    response: offlineStatusSchema,
    status: 202,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/offline/status/:meetingId',
    summary: 'Status and per-step progress of a meeting’s analysis',
    tags,
    auth: true,
    permission: 'meetings.read',
    response: offlineStatusSchema,
  }),
  speakerTimeMapping: defineRoute({
    method: 'GET',
    path: '/offline/speaker-time-mapping/:meetingId',
    summary: 'Speaker turns with participant names',
    tags,
    auth: true,
    permission: 'meetings.read',
    response: speakerTimeMappingSchema,
  }),
  transcription: defineRoute({
    method: 'GET',
    path: '/transcription/:meetingId',
    summary: 'Transcript: dialogue blocks and word timestamps',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: ZAI,
    response: transcriptionSchema,
  }),
  editTranscription: defineRoute({
    method: 'PATCH',
    path: '/transcription/:dashboard/:meetingId',
    summary: 'Correct words or speakers; the dashboard’s analytics are recomputed',
    tags,
    auth: true,
    permission: 'meetings.manage',
    feature: ZAI,
    body: transcriptEditSchema,
    response: transcriptionSchema,
  }),
  diarization: defineRoute({
    method: 'GET',
    path: '/voice-diaraization/:meetingId',
    summary: 'Speaker diarization and talk time',
    tags,
    auth: true,
    permission: 'meetings.read',
    response: diarizationSchema,
  }),
  sentiment: defineRoute({
    method: 'GET',
    path: '/inference/sentiment/:meetingId',
    summary: 'Sentiment per utterance, overall and over time (VADER lexicon)',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: ZAI,
    response: sentimentSchema,
  }),
  speakingRate: defineRoute({
    method: 'GET',
    path: '/inference/speaking-rate/:meetingId',
    summary: 'Words per minute per speaker, on average and over time',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: ZAI,
    response: speakingRateSchema,
  }),
  conversation: defineRoute({
    method: 'GET',
    path: '/inference/conversation/:meetingId',
    summary: 'Filler words, questions, interactivity and engagement',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: ZAI,
    response: conversationSchema,
  }),
  nameSpeakers: defineRoute({
    method: 'PATCH',
    path: '/meeting/participant',
    summary: 'Name the speakers of a meeting (additionalDetails: speaker_NN → name)',
    tags,
    auth: true,
    permission: 'meetings.manage',
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
