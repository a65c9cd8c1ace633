import { z } from 'zod';
import { defineRoute } from './route.js';
import type { FeatureName } from './features.js';
import {
  physiologicalResponseSchema,
  physiologyStatusSchema,
  spo2ResponseSchema,
} from './video-signals-physiology.js';
import { inferenceEnvelope } from './video-signals-source.js';

/**
 * Face and physiology signals of a meeting (spec 2 §3 Inference data, §7 Analysis), written by
 * the pipeline's 'video' step. Every answer carries `video`, which says whether there is
 * anything to show: the UI's empty states ('Audio-only meeting', 'No face was found') come
 * from it. Times are seconds from the start of the recording.
 */

export const VIDEO_SIGNALS_MESSAGES = {
  audioOnly: 'Audio-only meeting',
  noFace: 'No face was found in this video',
  notAnalysed: 'The video signals of this meeting have not been analyzed yet',
  physiologyStarted: 'Physiology analysis started',
  physiologyFailed: 'Start/Stop Offline/Online Physiology Failed',
  physiologyNotReady: 'Physiology runs once the meeting has been analyzed',
  physiologyRunning: 'Physiology is already being analyzed for this meeting',
  emotionsOff: 'Emotion inference is switched off for your organization',
} as const;

export const HEAD_POSE_CLASSES = ['top', 'bottom', 'left', 'right', 'center'] as const;
const poseShares = z.object({
  top: z.number(),
  bottom: z.number(),
  left: z.number(),
  right: z.number(),
  center: z.number(),
});

export const headPoseResponseSchema = inferenceEnvelope({
  yawThresholdDeg: z.number(),
  pitchThresholdDeg: z.number(),
  /** Share 0..1 of the person's frames in each pose class. */
  persons: z.array(z.object({ personId: z.string(), shares: poseShares })),
  /** One entry per sampled frame and face: [t, personId, class, yaw, pitch]. */
  series: z.array(
    z.object({
      t: z.number(),
      personId: z.string(),
      class: z.enum(HEAD_POSE_CLASSES),
      yaw: z.number(),
      pitch: z.number(),
    }),
  ),
});
export type HeadPoseResponse = z.infer<typeof headPoseResponseSchema>;

export const gazePointSchema = z.object({
  class_value: z.enum(['center', 'left', 'right', 'top', 'bottom', 'no_gaze']),
  x_cord: z.number(),
  y_cord: z.number(),
  intensity: z.number(),
  time: z.number(),
  subject_name: z.string(),
});
export type GazePointData = z.infer<typeof gazePointSchema>;

/** Spec §9: canvas 310x210, (0,210) means no gaze, 999 is invalid, heat-map points are 50. */
export const GAZE_CANVAS = { max_x: 310, max_y: 210, pointValue: 50, invalid: 999 } as const;

export const eyeGazeResponseSchema = inferenceEnvelope({
  config: z.object({ max_x: z.number(), max_y: z.number() }),
  points: z.array(gazePointSchema),
  heatMap: z.array(z.object({ x: z.number(), y: z.number(), value: z.number() })),
});
export type EyeGazeResponse = z.infer<typeof eyeGazeResponseSchema>;

export const EMOTION_LABELS = [
  'angry',
  'disgust',
  'fear',
  'happy',
  'sad',
  'surprise',
  'neutral',
] as const;
export const emotionScoresSchema = z.record(z.enum(EMOTION_LABELS), z.number());

/** How far the emotion readings can be trusted, as measured on labelled photos. */
export const emotionReliabilitySchema = z.object({
  level: z.enum(['low', 'moderate']),
  /** Share of labelled photos where the dominant emotion matched the label. */
  agreement: z.number(),
  measuredOn: z.string(),
  note: z.string(),
});
export type EmotionReliability = z.infer<typeof emotionReliabilitySchema>;

export const emotionsResponseSchema = inferenceEnvelope({
  /**
   * False when the organisation switched emotion inference off (EU AI Act art. 5(1)(f)): then
   * persons and series are empty and `offReason` says why.
   */
  computed: z.boolean(),
  offReason: z.string().nullable(),
  reliability: emotionReliabilitySchema,
  labels: z.array(z.enum(EMOTION_LABELS)),
  /** Speaker (person) averages; `confidence` is the dominant emotion's average score, 0..1. */
  persons: z.array(
    z.object({
      personId: z.string(),
      averages: emotionScoresSchema,
      dominant: z.enum(EMOTION_LABELS),
      confidence: z.number(),
    }),
  ),
  series: z.array(z.object({ t: z.number(), personId: z.string(), scores: emotionScoresSchema })),
});
export type EmotionsResponse = z.infer<typeof emotionsResponseSchema>;

export const lipSyncResponseSchema = inferenceEnvelope({
  available: z.boolean(),
  reason: z.string().optional(),
  persons: z.array(
    z.object({
      personId: z.string(),
      agreement: z.number().nullable(),
      frames: z.number(),
      status: z.enum(['in_sync', 'out_of_sync', 'insufficient_data']),
      samples: z.array(z.object({ t: z.number(), mouthOpening: z.number(), voiceDb: z.number() })),
    }),
  ),
});
export type LipSyncResponse = z.infer<typeof lipSyncResponseSchema>;

export const truthfulnessResponseSchema = inferenceEnvelope({
  experimental: z.literal(true),
  note: z.string(),
  /** Spec §3: {inference_id, meeting_id, subject_name, start_time, end_time, video_fps, activity_duration, truthfullness}. */
  windows: z.array(
    z.object({
      inference_id: z.string(),
      meeting_id: z.string(),
      subject_name: z.string(),
      start_time: z.number(),
      end_time: z.number(),
      video_fps: z.number(),
      activity_duration: z.number(),
      truthfullness: z.number(),
      cues: z.record(z.string(), z.number()),
    }),
  ),
});
export type TruthfulnessResponse = z.infer<typeof truthfulnessResponseSchema>;

const ageEstimateSchema = z.object({
  years: z.number(),
  spread: z.tuple([z.number(), z.number()]),
  bin: z.string(),
});
const genderEstimateSchema = z.object({
  label: z.enum(['male', 'female']),
  confidence: z.number(),
});

export const ageResponseSchema = inferenceEnvelope({
  persons: z.array(z.object({ personId: z.string(), estimate: ageEstimateSchema.nullable() })),
});
export const genderResponseSchema = inferenceEnvelope({
  persons: z.array(z.object({ personId: z.string(), estimate: genderEstimateSchema.nullable() })),
});
export const raceResponseSchema = inferenceEnvelope({
  estimated: z.literal(false),
  reason: z.string(),
});
export type AgeResponse = z.infer<typeof ageResponseSchema>;
export type GenderResponse = z.infer<typeof genderResponseSchema>;
export type RaceResponse = z.infer<typeof raceResponseSchema>;

const alertCounts = z.record(z.string(), z.number());
export const proctoringResponseSchema = inferenceEnvelope({
  windowSec: z.number(),
  templateUsed: z.boolean(),
  windows: z.array(
    z.object({
      start: z.number(),
      end: z.number(),
      current_alerts: z.array(z.string()),
      cumulative_alerts: alertCounts,
      cumulative_alerts_count: z.number(),
      threshold_crossed: z.boolean(),
      alert_threshold: z.number(),
    }),
  ),
  current_alerts: z.array(z.string()),
  cumulative_alerts: alertCounts,
  cumulative_alerts_count: z.number(),
  threshold_crossed: z.boolean(),
  alert_threshold: z.number(),
});
export type ProctoringResponse = z.infer<typeof proctoringResponseSchema>;

/** Who was seen, when, and the demographics; face templates never leave the server. */
export const biometricsDataResponseSchema = inferenceEnvelope({
  persons: z.array(
    z.object({
      personId: z.string(),
      frames: z.number(),
      presence: z.number(),
      firstSeen: z.number(),
      lastSeen: z.number(),
      /** Null when emotion inference is off for the organisation. */
      dominantEmotion: z.enum(EMOTION_LABELS).nullable(),
      age: ageEstimateSchema.nullable(),
      gender: genderEstimateSchema.nullable(),
      hasFaceTemplate: z.boolean(),
    }),
  ),
});
export type BiometricsDataResponse = z.infer<typeof biometricsDataResponseSchema>;

const tags = ['video signals'];
const p = ':meetingId';
function inference<Kind extends string, R extends z.ZodType>(
  kind: Kind,
  feature: FeatureName,
  summary: string,
  response: R,
) {
  return defineRoute({
    method: 'GET',
    path: `/inference/${kind}/${p}`,
    summary,
    tags,
    auth: true,
    permission: 'meetings.read',
    feature,
    response,
  });
}

/** One feature per kind (the closest bundle feature of spec 1 §3; see README). */
export const videoSignalsRoutes = {
  headpose: inference(
    'headpose',
    'Head Pose',
    'Head pose classes per person',
    headPoseResponseSchema,
  ),
  eyegaze: inference(
    'eyegaze',
    'Focus Analytics',
    'Eye gaze points and heat map',
    eyeGazeResponseSchema,
  ),
  emotions: inference(
    'emotions',
    'Facial Emotions',
    'Facial emotions per person over time',
    emotionsResponseSchema,
  ),
  lipsync: inference(
    'lipsync',
    'Lip Sync',
    'Agreement of mouth movement and voice',
    lipSyncResponseSchema,
  ),
  truthfulness: inference(
    'truthfulness',
    'Truthfullness',
    'Experimental: departures from behavioral baseline',
    truthfulnessResponseSchema,
  ),
  age: inference('age', 'Biometrics', 'Estimated age per person', ageResponseSchema),
  gender: inference('gender', 'Biometrics', 'Estimated gender per person', genderResponseSchema),
  race: inference('race', 'Biometrics', 'Race is not estimated', raceResponseSchema),
  proctoring: inference(
    'proctoring',
    'Proctoring',
    'Proctoring alerts per window',
    proctoringResponseSchema,
  ),
  biometricsData: inference(
    // get-biometrics-data is the participants' verification result (participants.ts); this
    // is who the face analysis saw, under its own name.
    'persons',
    'Biometrics',
    'Persons seen in the video',
    biometricsDataResponseSchema,
  ),
  physiological: inference(
    'physiological',
    'Physiology Analytics',
    'Heart rate, HRV, respiration and labeled estimates',
    physiologicalResponseSchema,
  ),
  spo2: inference(
    'spo2',
    'Physiology Analytics',
    'Estimated SpO2 and blood pressure',
    spo2ResponseSchema,
  ),
  startPhysiology: defineRoute({
    method: 'POST',
    path: '/offline/start-physiology',
    summary: 'Queue the physiology analysis of an analysed meeting',
    tags,
    auth: true,
    permission: 'meetings.manage',
    feature: 'Physiology Analytics',
    body: z.object({ meetingId: z.uuid() }),
    response: physiologyStatusSchema,
  }),
  physiologyStatus: defineRoute({
    method: 'GET',
    path: `/meeting/physiology/status/${p}`,
    summary: 'Physiology analysis status of a meeting',
    tags,
    auth: true,
    permission: 'meetings.read',
    response: physiologyStatusSchema,
  }),
  physiologyStatusAlias: defineRoute({
    method: 'GET',
    path: '/meeting/physiologyStatus',
    summary: 'Physiology analysis status of a meeting (meetingId in the query)',
    tags,
    auth: true,
    permission: 'meetings.read',
    query: z.object({ meetingId: z.uuid() }),
    response: physiologyStatusSchema,
  }),
} as const;

/**
 * Realtime events of face analyses (spec §3): '<kind> started|failed|stopped|data' — the video
 * step's kinds and the participants' face recognition.
 */
export const VIDEO_EVENT_KINDS = [
  'head pose',
  'eye gaze',
  'emotions',
  'SpO2',
  'physiological',
  'age',
  'race',
  'gender',
  'lip sync',
  'deception',
  // Offline biometric verification (participants), not the video step.
  'face recognition',
] as const;
export type VideoEventKind = (typeof VIDEO_EVENT_KINDS)[number];
export const videoEvent = (kind: VideoEventKind, what: 'started' | 'failed' | 'stopped' | 'data') =>
  `${kind} ${what}`;
