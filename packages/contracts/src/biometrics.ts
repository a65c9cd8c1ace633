import { z } from 'zod';
import { videoEvent } from './video-signals.js';
import { defineRoute, fillPath } from './route.js';

/** Participant biometric registration and offline verification (spec 2 §2, §3, §7, §8). */
export const PARTICIPANT_MESSAGES = {
  notRegistered: 'Not registered',
  unauthorized: 'Unauthorized access',
  forbidden: 'Access forbidden',
  verifyFailed: 'Verify biometric failed',
  /** Shown when a verification run failed after every retry; its reason follows. */
  verificationFailed: 'Biometric Verification failed',
  dataFailed: 'Error getting biometrics data',
  noVideo: 'The meeting has no video yet',
  saveFailed: 'Failed to save Participant',
  inviteFailed: 'Failed to invite Participant',
  sendFailed: 'Send Invitation Failed',
  invited: 'Invitation sent',
  deleted: 'Participant deleted',
  invalidLink: 'This invitation link is not valid or has expired',
  noFace: 'No face was found in the recording. Center your face in the frame and try again.',
  badFile: 'The recording must be a video file (mp4 or webm)',
  tooLarge: 'The recording is too large',
  waiting: 'Waiting for verification...',
  registered: 'Registration Successful',
  registeredText:
    'Your biometric registration is complete. Please check your email for confirmation and further instructions.',
  missingFields: 'Missing required fields',
} as const;

/** The registration video: a few seconds from the camera, never a whole meeting. */
export const REGISTRATION_VIDEO = {
  maxBytes: 40 * 1024 * 1024,
  mimeTypes: ['video/mp4', 'video/webm', 'video/quicktime'],
  /** Seconds the camera step records. */
  recordSeconds: 5,
} as const;

/** The face guide overlay of the camera step (spec 2 §2). */
export const FACE_GUIDE = {
  x: [0.3, 0.7],
  y: [0.125, 0.875],
  throttleMs: 100,
  minConfidence: 0.5,
} as const;

export const REGISTRATION_STATUSES = ['in_progress', 'processed'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const participantSchema = z.object({
  participantId: z.string(),
  email: z.string(),
  name: z.string(),
  meetingId: z.string().nullable(),
  isHr: z.boolean(),
  applicantId: z.string().nullable(),
  participantRegistrationStatus: z.enum(REGISTRATION_STATUSES),
  faceRegistered: z.boolean(),
  voiceRegistered: z.boolean(),
  invitedAt: z.string(),
  registeredAt: z.string().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

const emailField = z.string().trim().toLowerCase().pipe(z.email());

export const inviteParticipantBody = z.object({
  email: emailField,
  name: z.string().trim().max(200).default(''),
  meetingId: z.string().uuid().optional(),
  isHr: z.boolean().default(false),
  applicantId: z.string().trim().max(200).optional(),
});

export const patchParticipantBody = z.object({
  name: z.string().trim().max(200).optional(),
  meetingId: z.string().uuid().nullable().optional(),
  isHr: z.boolean().optional(),
  applicantId: z.string().trim().max(200).nullable().optional(),
});

/** What the no-auth check reveals: whether the invitation is open, and nothing about who. */
export const invitationCheckSchema = z.object({
  valid: z.boolean(),
  participantRegistrationStatus: z.enum(REGISTRATION_STATUSES).nullable(),
});

export const registrationResultSchema = z.object({
  participantRegistrationStatus: z.enum(REGISTRATION_STATUSES),
  faceRegistered: z.boolean(),
  voiceRegistered: z.boolean(),
  message: z.string(),
});
export type RegistrationResult = z.infer<typeof registrationResultSchema>;

export const BIOMETRIC_STATUSES = ['verified', 'mismatch', 'not_registered', 'no_face'] as const;
export type BiometricStatus = (typeof BIOMETRIC_STATUSES)[number];

/**
 * A voice compared with the registration: by the built-in voice statistics (a mean
 * log-likelihood ratio per frame, `llr`), or by a speaker-embedding model the administrator
 * installed (cosine `similarity` of the embeddings, and the model's file name). Results
 * stored before `method` existed are voice statistics.
 */
export const biometricVoiceResultSchema = z.object({
  method: z.enum(['voice-statistics', 'speaker-embedding']).optional(),
  llr: z.number().optional(),
  similarity: z.number().optional(),
  model: z.string().optional(),
  threshold: z.number(),
  likelySame: z.boolean(),
  weakSignal: z.literal(true),
});
export type BiometricVoiceResult = z.infer<typeof biometricVoiceResultSchema>;

export const biometricResultSchema = z.object({
  meetingId: z.string(),
  inferenceId: z.string().nullable(),
  subjectId: z.string(),
  subjectName: z.string(),
  /** The diarized speaker judged against the participant, when one matched. */
  speaker: z.string().nullable(),
  status: z.enum(BIOMETRIC_STATUSES),
  /** -1 when the participant has not registered, 1 when registered. */
  registrationCheck: z.number().int(),
  verificationMessage: z.string(),
  /** Seconds into the video of the evidence frame. */
  videoTimeStamp: z.number().nullable(),
  face: z
    .object({ similarity: z.number(), threshold: z.number(), samePerson: z.boolean() })
    .nullable(),
  /** A weak signal only: reported beside the face result, never the basis of 'verified'. */
  voice: biometricVoiceResultSchema.nullable(),
  /** JPEG of the face, base64 (no data: prefix). */
  image: z.string().nullable(),
  /** WAV of the speaker, base64 (no data: prefix). */
  audio: z.string().nullable(),
  mismatchedEvents: z.array(
    z.object({ start: z.number(), end: z.number(), similarity: z.number() }),
  ),
  verifiedAt: z.string(),
});
export type BiometricResult = z.infer<typeof biometricResultSchema>;

export const verifyBiometricBody = z.object({
  subjectId: z.string().min(1),
  meetingId: z.string().uuid(),
  inferenceId: z.string().min(1),
  videoTimeStamp: z.number().min(0),
});

const meetingIdBody = z.object({ meetingId: z.string().uuid() });

/**
 * Offline verification runs as a background job (queue QUEUES.biometrics), one run per
 * meeting at a time. Its stages, in order; the face pass is most of the time.
 */
export const BIOMETRIC_STAGES = [
  'registrationCheck',
  'faceRecognition',
  'voiceRecognition',
  'imagesAndAudio',
] as const;
export type BiometricStage = (typeof BIOMETRIC_STAGES)[number];
export const BIOMETRIC_STAGE_LABELS: Record<BiometricStage, string> = {
  registrationCheck: 'Checking registrations',
  faceRecognition: 'Comparing faces with the video',
  voiceRecognition: 'Comparing voices',
  imagesAndAudio: 'Collecting images and audio',
};

/** 'idle' before the first run; 'queued' also while a failed attempt waits for its retry. */
export const BIOMETRIC_RUN_STATES = ['idle', 'queued', 'running', 'done', 'failed'] as const;
export type BiometricRunState = (typeof BIOMETRIC_RUN_STATES)[number];
export const isBiometricRunActive = (s: BiometricRunState) => s === 'queued' || s === 'running';

/** The answer of the start routes and of the status route, and the 'biometrics' event. */
export const biometricRunSchema = z.object({
  meetingId: z.string(),
  runId: z.string().nullable(),
  status: z.enum(BIOMETRIC_RUN_STATES),
  stage: z.enum(BIOMETRIC_STAGES).nullable(),
  /** 0–100 of the whole run. */
  progress: z.number(),
  attempts: z.number(),
  /** The reason of the last failed attempt (kept while a retry waits), or of the failure. */
  error: z.string().nullable(),
  /** The one participant of offline/verify-biometric; null when every participant is verified. */
  subjectId: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type BiometricRun = z.infer<typeof biometricRunSchema>;

/** Realtime events of a verification run, sent to the meeting's room (spec 2 §3 event list). */
export const BIOMETRIC_EVENTS = {
  /** The run's status document (BiometricRun) on every change, progress at most once a second. */
  status: 'biometrics',
  /** { meetingId, participants: [{ subjectId, subjectName, registrationCheck: 1 | -1 }] }. */
  registrationCheck: 'registrationCheck',
  /** { meetingId, subjects: [{ subjectId, image, audio }] } (whether each was found; no data). */
  imagesAndAudio: 'images and audio',
  faceRecognition: (what: 'started' | 'failed' | 'stopped' | 'data') =>
    videoEvent('face recognition', what),
  /** The spec gives voice recognition only started and failed. */
  voiceRecognition: (what: 'started' | 'failed') => `voice recognition ${what}`,
} as const;

export const biometricsRoutes = {
  invite: defineRoute({
    method: 'POST',
    path: '/invite-participant',
    summary: 'Invite a participant to register face and voice (sends the invitation e-mail)',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.manage',
    feature: 'Biometrics',
    body: inviteParticipantBody,
    response: participantSchema,
    status: 201,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/invite-participant',
    summary: 'Participants invited in the caller’s organisation, optionally for one meeting',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.read',
    query: z.object({ meetingId: z.string().uuid().optional() }),
    response: z.array(participantSchema),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/invite-participant/:email',
    summary: 'One participant of the caller’s organisation by e-mail',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.read',
    response: participantSchema,
  }),
  patch: defineRoute({
    method: 'PATCH',
    path: '/invite-participant/:email',
    summary: 'Update a participant of the caller’s organisation',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.manage',
    body: patchParticipantBody,
    response: participantSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/invite-participant/:email',
    summary: 'Delete a participant and their biometric templates',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.manage',
    response: z.object({ message: z.string() }),
  }),
  check: defineRoute({
    method: 'GET',
    path: '/invite-participant/check/:organizationId/:token',
    summary: 'Whether an invitation link is open (no sign-in)',
    tags: ['biometrics'],
    auth: false,
    response: invitationCheckSchema,
  }),
  startBiometric: defineRoute({
    method: 'POST',
    path: '/offline/start-biometric',
    summary:
      'Queue the verification of every participant of a meeting against its video (the active run’s status when one is running)',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.manage',
    feature: 'Biometrics',
    body: meetingIdBody,
    response: biometricRunSchema,
    status: 202,
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/offline/verify-biometric',
    summary: 'Queue the verification of one participant in a meeting (404 Not registered at once)',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.manage',
    feature: 'Biometrics',
    body: verifyBiometricBody,
    response: biometricRunSchema,
    status: 202,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/offline/biometric-status/:meetingId',
    summary: 'Status and progress of a meeting’s biometric verification',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.read',
    feature: 'Biometrics',
    response: biometricRunSchema,
  }),
  data: defineRoute({
    method: 'GET',
    path: '/inference/get-biometrics-data/:meetingId',
    summary: 'Stored biometric verification results of a meeting',
    tags: ['biometrics'],
    auth: true,
    permission: 'meetings.read',
    feature: 'Biometrics',
    response: z.array(biometricResultSchema),
  }),
} as const;

/** The multipart registration route (no sign-in); not a JSON contract. */
export const REGISTER_PATH = '/invite-participant/register/:organizationId';
export const registerPath = (organizationId: string) => fillPath(REGISTER_PATH, { organizationId });
