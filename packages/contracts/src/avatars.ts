import { z } from 'zod';

/** Avatars and voices (spec 3 §3 Avatar and voice, §4 lifecycle, §7 calls, §9 constants). */

export const VOICE_TONES = ['narrative', 'conversational', 'formal', 'confident'] as const;
export const VOICE_GENDERS = ['male', 'female', 'neutral'] as const;
/**
 * Which engine speaks a voice: Debian's espeak-ng on the server, or the organisation's
 * connected OpenAI-compatible `/v1/audio/speech` endpoint (its ChatGPT connection).
 */
export const SPEECH_ENGINES = ['espeak-ng', 'openai'] as const;
export type SpeechEngineName = (typeof SPEECH_ENGINES)[number];

/** Spec 3 §9: request time-outs of the avatar and voice calls, in milliseconds. */
export const AVATAR_TIMEOUTS_MS = {
  voiceCreate: 600_000,
  avatarDraft: 1_200_000,
  avatarImage: 1_200_000,
  avatarDuplicate: 1_200_000,
  avatarRegenerate: 1_200_000,
  avatarUpdate: 600_000,
} as const;

export type AvatarTimeouts = Record<keyof typeof AVATAR_TIMEOUTS_MS, number>;

/** Spec 3 §9 / spec 2 §9: the third-party streaming avatar's session settings. */
export const AVATAR_STREAMING = { quality: 'high', voiceRate: 0.25 } as const;
/** Spec 2 §9: widths under this shrink the avatar (viewport width minus 50 px). */
export const AVATAR_NARROW_PX = 470;

export const VOICE_SAMPLE = {
  field: 'file',
  maxBytes: 10 * 1024 * 1024,
  /** What a browser's recorder or a file picker gives for speech. */
  types: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/mpeg', 'audio/webm', 'audio/ogg'],
} as const;
export const AVATAR_IMAGE = { field: 'file', maxBytes: 5 * 1024 * 1024 } as const;
/** The illustrated portraits the web app draws (apps/web/src/features/avatars/portraits). */
export const BUILT_IN_PORTRAITS = ['ada', 'ben', 'chloe'] as const;
export type BuiltInPortrait = (typeof BUILT_IN_PORTRAITS)[number];

export const AVATAR_MESSAGES = {
  fetchVoicesFailed: 'Failed to fetch voices',
  updateFailed: 'Failed to update avatar',
  voiceNotFound: 'Voice not found',
  avatarNotFound: 'Avatar not found',
  voiceDeleted: 'Voice deleted',
  avatarDeleted: 'Avatar deleted',
  libraryOnlyAdmin: 'Only the super admin changes the shared library',
  consentRequired: 'Confirm that the speaker agreed to the use of their voice',
  sampleTooLarge: 'The voice sample must be 10 MB or smaller',
  sampleType: 'The voice sample must be a WAV, MP3, WebM or Ogg audio file',
  noSample: 'Add a voice sample file',
  imageTooLarge: 'The portrait must be 5 MB or smaller',
  noImage: 'Upload a portrait or choose one of the illustrated ones',
  notReadyToFinalise: 'Give the avatar a portrait and a voice before finalising it',
  engineNotConnected:
    'Connect an OpenAI-compatible speech endpoint (AI providers, ChatGPT) to use this voice',
  timedOut: 'Generating the avatar took too long',
  voiceInUse: 'This voice is used by an avatar; choose another voice for it first',
} as const;

const stringyBool = z.enum(['true', 'false']);
/** speechSpeed as text (spec 3 §5): a number from 0.5 to 2 written as a string. */
const speechSpeedText = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'Speech speed is a number')
  .refine((s) => Number(s) >= 0.5 && Number(s) <= 2, 'Speech speed is between 0.5 and 2');

export const voiceSchema = z.object({
  id: z.string(),
  /** null for the super admin's library, shared with every organisation. */
  organizationId: z.string().nullable(),
  name: z.string(),
  refText: z.string(),
  gender: z.enum(VOICE_GENDERS),
  tone: z.enum(VOICE_TONES),
  language: z.string(),
  engine: z.enum(SPEECH_ENGINES),
  engineVoice: z.string().nullable(),
  hasSample: z.boolean(),
  /** Whether the person whose voice the sample is agreed to its use (spec 3 §9: default false). */
  consent: z.boolean(),
  isDefault: z.boolean(),
  library: z.boolean(),
  createdAt: z.string(),
});
export type Voice = z.infer<typeof voiceSchema>;

/** The multipart fields of POST avatar/voice/create besides the optional sample file. */
export const createVoiceFields = z.object({
  name: z.string().trim().min(1, 'Give the voice a name').max(80),
  refText: z.string().trim().max(2000).default(''),
  gender: z.enum(VOICE_GENDERS),
  tone: z.enum(VOICE_TONES),
  language: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/, 'Language is a tag such as en or en-US'),
  engine: z.enum(SPEECH_ENGINES).default('espeak-ng'),
  engineVoice: z.string().trim().max(64).optional(),
  consent: stringyBool.default('false'),
});
export type CreateVoiceFields = z.infer<typeof createVoiceFields>;

/** One mouth shape held from `t` (ms from the clip's start) until the next one. */
export const visemeSchema = z.object({ t: z.number(), v: z.string() });
export type VisemeCue = z.infer<typeof visemeSchema>;
export const VISEMES = ['rest', 'A', 'E', 'I', 'O', 'U', 'MBP', 'FV', 'L', 'TH', 'S'] as const;
export type Viseme = (typeof VISEMES)[number];

export const speechClipSchema = z.object({
  /** base64 of the audio file. */
  audio: z.string(),
  mimeType: z.string(),
  durationMs: z.number(),
  engine: z.string(),
  /** Mouth shapes over time; empty for an uploaded sample played as it is. */
  visemes: z.array(visemeSchema),
  /** How the timing was found: an estimate, not a forced alignment (see speech/visemes.ts). */
  timing: z.enum(['estimated-from-voiced-audio', 'none']),
  source: z.enum(['synthesised', 'sample']),
});
export type SpeechClip = z.infer<typeof speechClipSchema>;

export const AVATAR_STATUSES = ['draft', 'image', 'ready'] as const;
export const AVATAR_ROLES = ['interviewer', 'assistant', 'presenter'] as const;

export const avatarSchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  name: z.string(),
  status: z.enum(AVATAR_STATUSES),
  gender: z.enum(VOICE_GENDERS),
  refText: z.string(),
  voiceId: z.string().nullable(),
  prompt: z.string(),
  isOrpheus: z.boolean(),
  motionVideo: z.boolean(),
  speechSpeed: z.number(),
  avatarRole: z.enum(AVATAR_ROLES),
  isAvtControlled: z.boolean(),
  startPhrase: z.string(),
  stopPhrase: z.string(),
  language: z.string(),
  /** 'builtin:ada' for an illustrated portrait, 'upload' for an uploaded picture, null before. */
  portrait: z.string().nullable(),
  /** A data: URL of an uploaded portrait (small, square); null otherwise. */
  imageUrl: z.string().nullable(),
  isDefault: z.boolean(),
  library: z.boolean(),
  createdAt: z.string(),
});
export type Avatar = z.infer<typeof avatarSchema>;

const avatarFields = {
  name: z.string().trim().min(1, 'Give the avatar a name').max(80),
  gender: z.enum(VOICE_GENDERS),
  refText: z.string().trim().max(2000).default(''),
  voiceId: z.uuid().nullable().optional(),
  prompt: z.string().trim().max(8000).default(''),
  isOrpheus: stringyBool.default('false'),
  motionVideo: stringyBool.default('false'),
  speechSpeed: speechSpeedText.default('1'),
  avatarRole: z.enum(AVATAR_ROLES).default('interviewer'),
  isAvtControlled: stringyBool.default('false'),
  startPhrase: z.string().trim().max(500).default(''),
  stopPhrase: z.string().trim().max(500).default(''),
  language: z.string().trim().min(2).max(16).default('en'),
};
export const avatarDraftBody = z.object(avatarFields);
export type AvatarDraftBody = z.infer<typeof avatarDraftBody>;
export const avatarUpdateBody = z.object({
  avatarId: z.uuid(),
  ...Object.fromEntries(Object.entries(avatarFields).map(([k, v]) => [k, v.optional()])),
}) as z.ZodType<{ avatarId: string } & Partial<z.input<typeof avatarDraftBody>>>;
export const avatarDuplicateBody = z.object({ avatarId: z.uuid(), voiceId: z.uuid() });
export const avatarRegenerateBody = z.object({
  avatarId: z.uuid(),
  gender: z.enum(VOICE_GENDERS),
  voiceId: z.uuid(),
  refText: z.string().trim().max(2000),
  speechSpeed: speechSpeedText,
});
export const avatarSpeakBody = z.object({
  avatarId: z.uuid(),
  text: z.string().trim().min(1).max(2000),
});

/**
 * The realtime events the avatar pages follow (spec 2 §7 Realtime channel), sent to the
 * meeting's room: `response` carries text to speak, `interrupt_task` cuts the avatar off. A
 * page acts only on messages from the bot (`from`) to its own user (`to`).
 */
export const AVATAR_EVENTS = { response: 'response', interrupt: 'interrupt_task' } as const;
/** The `from` of the interviewer's and the meeting bot's messages. */
export const AVATAR_BOT_SENDER = 'bot';
export const avatarResponseEvent = z.object({
  from: z.string(),
  to: z.string(),
  text: z.string().min(1).max(4000),
});
export type AvatarResponseEvent = z.infer<typeof avatarResponseEvent>;
