import { z } from 'zod';

/** Transcript shapes (spec 2 §3), the corrections to them, and how times and speakers read. */

/** The speech-to-text engine that made a transcript. */
export const asrEngineInfoSchema = z.object({
  name: z.string(),
  model: z.string(),
  /** Known accuracy, shown next to the transcript. */
  quality: z.string(),
});
export type AsrEngineInfo = z.infer<typeof asrEngineInfoSchema>;

/** The spoken language (ISO 639-1): detected by the engine, or the only one its model knows. */
export const spokenLanguageSchema = z.object({
  code: z.string(),
  source: z.enum(['detected', 'default']),
});
export type SpokenLanguage = z.infer<typeof spokenLanguageSchema>;

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
  /** Null before the speech step, and for engines that do not say (a remote server). */
  language: spokenLanguageSchema.nullable().optional(),
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
