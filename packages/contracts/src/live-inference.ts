import { z } from 'zod';
import { biometricVoiceResultSchema } from './biometrics.js';
import { defineRoute } from './route.js';

/**
 * Live physiology and live biometric verification of a call in progress (spec 2 §2 Face guide
 * overlay, §4 live physiology, §5, §7 `live-inference/*`, §8; issue 18 item 5).
 */
export const LIVE_INFERENCE_MESSAGES = {
  /** The web's toast for any failed start or stop (spec 2 §8). */
  physiologyFailed: 'Start/Stop Offline/Online Physiology Failed',
  biometricFailed: 'Biometric Verification failed',
  /** verify-biometrics/start without one of its required fields (spec 2 §5). */
  missingFields: 'Something went wrong.',
  /** Prefix of a live verification failure without its own message (spec 2 §8). */
  verifyErrorPrefix: 'Error verifying biometric: ',
  notLive: 'The call is not live',
  notRunning: 'Live physiology is not running',
  alreadyRunning: 'Live physiology is already running for you in this call',
  waiting: 'Waiting for verification...',
  notRegistered: 'Not registered',
  notEnoughSignal: 'not enough signal',
} as const;

/**
 * What the browser sends: the mean colour of the face's skin per camera frame (never video),
 * at 15–30 samples a second, a few hundred at most per batch.
 */
export const LIVE_PHYSIOLOGY = {
  /** The estimate reads the last this many seconds of trace. */
  windowSec: 30,
  /** An estimate is sent at most this often. */
  everyMs: 2000,
  /** Samples a second the browser aims for. */
  sampleRate: 15,
  maxBatch: 300,
  /** The browser posts what it collected this often. */
  postEveryMs: 1000,
} as const;

const colour = {
  r: z.number().min(0).max(255),
  g: z.number().min(0).max(255),
  b: z.number().min(0).max(255),
};
export const liveSkinSampleSchema = z.object({
  /** Seconds since capture started (the browser's own clock). */
  t: z.number().min(0),
  ...colour,
  /** Forehead, left cheek, right cheek, as the offline trace orders them. */
  regions: z.array(z.object(colour)).max(3).optional(),
});
export type LiveSkinSample = z.infer<typeof liveSkinSampleSchema>;

const quality = z.enum(['good', 'low', 'none']);

/**
 * One live estimate over the sliding window. Everything here is an estimate from a camera
 * (`estimate: true`); `status` is 'not_enough_signal' with `reason` when the window is too
 * short or the pulse too weak, and the numbers are then null.
 */
export const livePhysiologyEstimateSchema = z.object({
  meetingId: z.string(),
  inferenceId: z.string(),
  estimate: z.literal(true),
  note: z.string(),
  status: z.enum(['estimate', 'not_enough_signal']),
  reason: z.string().nullable(),
  windowSec: z.number(),
  fps: z.number(),
  heartRate: z.object({
    bpm: z.number().nullable(),
    snrDb: z.number(),
    qualityIndex: z.number(),
    quality,
  }),
  hrv: z.object({ sdnnMs: z.number().nullable(), quality }),
  respiration: z.object({ breathsPerMinute: z.number().nullable(), quality }),
  at: z.string(),
});
export type LivePhysiologyEstimate = z.infer<typeof livePhysiologyEstimateSchema>;

export const LIVE_PHYSIOLOGY_STATES = ['running', 'done', 'failed'] as const;

/** A capture's summary, stored on the meeting when it stops (the meeting page shows it). */
export const livePhysiologyRunSchema = z.object({
  inferenceId: z.string(),
  meetingId: z.string(),
  /** Who captured their own face. */
  subjectName: z.string(),
  physiologyStatus: z.enum(LIVE_PHYSIOLOGY_STATES),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  samples: z.number().int(),
  /** The last estimate over the whole capture (its last LIVE_PHYSIOLOGY.windowSec at most). */
  summary: livePhysiologyEstimateSchema.nullable(),
});
export type LivePhysiologyRun = z.infer<typeof livePhysiologyRunSchema>;

/**
 * verify-biometrics/start: the fields are checked by the handler, so a missing one answers
 * the spec's 'Something went wrong.' rather than a schema report.
 */
export const liveVerifyBody = z.object({
  subjectId: z.string().optional(),
  meetingId: z.string().optional(),
  subjectName: z.string().optional(),
  inferenceId: z.string().optional(),
  /** Seconds from the call's start: the voice is taken from the live audio around it. */
  voiceTimeStamp: z.number().min(0).optional(),
  /**
   * A still of the subject's video tile as the requester's browser shows it now (JPEG,
   * base64, no data: prefix). The server sees no video of a live call, only its audio.
   */
  faceImage: z
    .string()
    .max(2_000_000)
    .regex(/^[A-Za-z0-9+/=]*$/)
    .optional(),
});

export const liveBiometricResultSchema = z.object({
  meetingId: z.string(),
  inferenceId: z.string(),
  subjectId: z.string(),
  subjectName: z.string(),
  status: z.enum(['verified', 'mismatch', 'no_face', 'not_registered']),
  verificationMessage: z.string(),
  face: z
    .object({ similarity: z.number(), threshold: z.number(), samePerson: z.boolean() })
    .nullable(),
  /** A weak signal beside the face; null when there was too little speech around the time. */
  voice: biometricVoiceResultSchema.nullable(),
  voiceTimeStamp: z.number(),
  /** Seconds of the subject's speech the voice was compared on. */
  voiceSeconds: z.number(),
  verifiedAt: z.string(),
});
export type LiveBiometricResult = z.infer<typeof liveBiometricResultSchema>;

/** Realtime events of a live capture, sent to the meeting's room. */
export const LIVE_INFERENCE_EVENTS = {
  /** LivePhysiologyRun with status running. Resets the live video analytics (spec 2 §4). */
  physiologyStarted: 'physiological started',
  physiologyStopped: 'physiological stopped',
  /** LivePhysiologyEstimate, at most every LIVE_PHYSIOLOGY.everyMs. */
  physiologyData: 'live-physiology',
  /** LiveBiometricResult. */
  biometrics: 'live-biometrics',
} as const;

const tags = ['live'];
const inferenceIdBody = z.object({ inferenceId: z.string().uuid() });

export const liveInferenceRoutes = {
  startPhysiology: defineRoute({
    method: 'POST',
    path: '/live-inference/start-physiology',
    summary: 'Start live physiology from your own camera in a live call',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: 'Physiology Analytics',
    body: z.object({ meetingId: z.string().uuid() }),
    response: livePhysiologyRunSchema,
  }),
  physiologySamples: defineRoute({
    method: 'POST',
    path: '/live-inference/physiology-samples',
    summary: 'Skin colour samples of a running live physiology capture',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: 'Physiology Analytics',
    body: inferenceIdBody.extend({
      samples: z.array(liveSkinSampleSchema).max(LIVE_PHYSIOLOGY.maxBatch),
    }),
    response: z.object({
      accepted: z.number().int(),
      estimate: livePhysiologyEstimateSchema.nullable(),
    }),
  }),
  stopPhysiology: defineRoute({
    method: 'POST',
    path: '/live-inference/stop-physiology',
    summary: 'Stop a live physiology capture and store its summary on the meeting',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: 'Physiology Analytics',
    body: inferenceIdBody,
    response: livePhysiologyRunSchema,
  }),
  physiology: defineRoute({
    method: 'GET',
    path: '/live-inference/physiology/:meetingId',
    summary: 'The live physiology captures of a meeting',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: 'Physiology Analytics',
    response: z.object({ meetingId: z.string(), runs: z.array(livePhysiologyRunSchema) }),
  }),
  verifyBiometrics: defineRoute({
    method: 'POST',
    path: '/live-inference/verify-biometrics/start',
    summary: 'Verify a registered participant against the live call',
    tags,
    auth: true,
    permission: 'meetings.manage',
    feature: 'Biometrics',
    body: liveVerifyBody,
    response: liveBiometricResultSchema,
  }),
} as const;
