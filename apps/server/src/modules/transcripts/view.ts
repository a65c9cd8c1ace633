import { z } from 'zod';
import {
  formatHms,
  speakerDisplayName,
  type AsrEngineInfo,
  type Diarization,
  type RouteResponse,
  type SpokenLanguage,
  type Transcription,
  type TranscriptionEntry,
  type analysisRoutes,
} from '@parley/contracts';
import { longestMonologue, runTextStep } from '@parley/analysis';
import type { StoredTurn, StoredWord } from '../../platform/db/schema.js';

/**
 * Pure views of a stored transcript. Every speaker label (speaker_NN) travels with its display
 * name from the meeting's additionalDetails (spec 2 §4), so renaming a speaker shows in every
 * route without touching the transcript.
 */
export type SpeakerNames = Record<string, string>;

/** The parts of a transcript row the views read. */
export interface TranscriptData {
  engine: AsrEngineInfo;
  language?: SpokenLanguage | null;
  audioLengthSec: number;
  words: StoredWord[];
  turns: StoredTurn[];
  speakerCount: Diarization['speakerCount'];
  analytics: Record<string, unknown> | null;
  editedAt: Date | null;
}

type SpeakerTimeMapping = RouteResponse<typeof analysisRoutes.speakerTimeMapping>;
type Sentiment = RouteResponse<typeof analysisRoutes.sentiment>;
type SpeakingRate = RouteResponse<typeof analysisRoutes.speakingRate>;
type Conversation = RouteResponse<typeof analysisRoutes.conversation>;

/**
 * A pause this long starts a new dialogue block even when the same speaker goes on. The
 * speech step already folds pauses under 1 s into one turn; 2 s is a clear new thought and
 * keeps a long monologue from becoming one wall of text in the panel.
 */
export const BLOCK_PAUSE_SEC = 2;

const round1 = (x: number) => Math.round(x * 10) / 10;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Speakers in label order, from the words and the turns (a turn may have no words). */
export function speakersOf(data: Pick<TranscriptData, 'words' | 'turns'>): string[] {
  const keys = new Set<string>();
  for (const w of data.words) keys.add(w.speaker);
  for (const t of data.turns) keys.add(t.speaker);
  return [...keys].sort();
}

/** Consecutive words of one speaker, split where the speaker changes or after a long pause. */
export function dialogueBlocks(words: readonly StoredWord[], names: SpeakerNames) {
  const blocks: TranscriptionEntry[] = [];
  let first = 0;
  const close = (last: number) => {
    const ws = words.slice(first, last + 1);
    const head = ws[0];
    const tail = ws[ws.length - 1];
    if (!head || !tail) return;
    const speakerName = speakerDisplayName(head.speaker, names);
    const text = ws.map((w) => w.word).join(' ');
    blocks.push({
      value: `${speakerName}: ${text}`,
      speaker: head.speaker,
      speakerName,
      text,
      startTime: head.start,
      endTime: tail.end,
      videoTime: formatHms(head.start),
      wordRange: [first, last],
    });
  };
  words.forEach((w, i) => {
    const prev = words[i - 1];
    if (prev && (prev.speaker !== w.speaker || w.start - prev.end >= BLOCK_PAUSE_SEC)) {
      close(i - 1);
      first = i;
    }
  });
  if (words.length > 0) close(words.length - 1);
  return blocks;
}

/** Before the speech step has run: the spec's "empty transcription", not an error. */
export const EMPTY_TRANSCRIPTION: Transcription = {
  data: [],
  wordToWordTimestamps: [],
  speakers: [],
  engine: null,
  language: null,
  editedAt: null,
};

export function transcriptionOf(data: TranscriptData, names: SpeakerNames): Transcription {
  return {
    data: dialogueBlocks(data.words, names),
    // Labels stay raw here: corrections address speakers as speaker_NN, and `speakers` names them.
    wordToWordTimestamps: data.words.map((w, index) => ({
      index,
      speaker: w.speaker,
      word: w.word,
      startTime: w.start,
      endTime: w.end,
      confidence: w.confidence,
    })),
    speakers: speakersOf(data).map((key) => ({ key, name: speakerDisplayName(key, names) })),
    engine: data.engine,
    language: data.language ?? null,
    editedAt: data.editedAt?.toISOString() ?? null,
  };
}

export function speakerTimeMappingOf(
  data: Pick<TranscriptData, 'turns'>,
  names: SpeakerNames,
): SpeakerTimeMapping {
  return data.turns.map((t) => ({
    speaker: t.speaker,
    name: speakerDisplayName(t.speaker, names),
    start: t.start,
    end: t.end,
  }));
}

/** Seconds covered by at least one turn: overlapping talk counts once. */
function coveredSeconds(turns: readonly StoredTurn[]): number {
  const sorted = [...turns].sort((a, b) => a.start - b.start);
  let total = 0;
  let end = -Infinity;
  for (const t of sorted) {
    if (t.end <= end) continue;
    total += t.end - Math.max(t.start, end);
    end = t.end;
  }
  return total;
}

/**
 * The share (0–100, one decimal) of the talking done by the speaker who talked most, as the
 * diarization's speaker_time_analysis counts it; null with fewer than two speakers, where a
 * ratio says nothing.
 */
export function topSpeakerShare(turns: readonly StoredTurn[]): number | null {
  const talk = new Map<string, number>();
  for (const t of turns) talk.set(t.speaker, (talk.get(t.speaker) ?? 0) + (t.end - t.start));
  const total = [...talk.values()].reduce((a, b) => a + b, 0);
  if (talk.size < 2 || total <= 0) return null;
  return round1((100 * Math.max(...talk.values())) / total);
}

/**
 * Spec 2 §3 Diarization, computed from the turns themselves (not the stored analytics) so it
 * is right even before the text step has run.
 */
export function diarizationOf(data: TranscriptData, names: SpeakerNames): Diarization {
  const name = (speaker: string) => speakerDisplayName(speaker, names);
  const turns = [...data.turns].sort((a, b) => a.start - b.start);
  const talk = new Map<string, number>();
  for (const t of turns) talk.set(t.speaker, (talk.get(t.speaker) ?? 0) + (t.end - t.start));
  const totalTalk = [...talk.values()].reduce((a, b) => a + b, 0);

  const longest = longestMonologue(turns);
  const monolog = longest && { speaker: longest.speaker, duration: longest.sec };

  return {
    speaker_diarization_biometrics: turns.map((t) => ({
      speaker: t.speaker,
      name: name(t.speaker),
      start: t.start,
      end: t.end,
      overlap: t.overlap ?? false,
    })),
    speaker_time_analysis: [...talk.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([speaker, sec]) => ({
        speaker,
        name: name(speaker),
        time: round3(sec),
        percentage: totalTalk > 0 ? round1((100 * sec) / totalTalk) : 0,
      })),
    talk_time_analysis: {
      longest_monolog: monolog
        ? {
            speaker: monolog.speaker,
            name: name(monolog.speaker),
            duration: round3(monolog.duration),
          }
        : { speaker: null, name: null, duration: 0 },
      team_talktime_percentage:
        data.audioLengthSec > 0
          ? round1(Math.min(100, (100 * coveredSeconds(turns)) / data.audioLengthSec))
          : 0,
    },
    audio_length: data.audioLengthSec,
    speakerCount: data.speakerCount,
  };
}

// ---------- text analytics ----------

const label = z.enum(['positive', 'neutral', 'negative']);
const timed = { start: z.number(), end: z.number() };

/**
 * The stored analytics as these views read them. The column is jsonb written by the text
 * step, whose shape grows over time (questions are being added), so it is parsed, not
 * trusted: a row that does not parse is recomputed from its words and turns instead.
 */
const storedAnalyticsSchema = z.object({
  wordsPerMinute: z.record(z.string(), z.number()),
  fillerWords: z.array(z.object({ word: z.string(), start: z.number(), speaker: z.string() })),
  sentiment: z.object({
    model: z.string(),
    turns: z.array(z.object({ speaker: z.string(), ...timed, compound: z.number(), label: label })),
    overall: z.object({ compound: z.number(), label }),
    overTime: z.array(z.object({ ...timed, compound: z.number().nullable() })),
  }),
  interactivity: z.object({ speakerSwitches: z.number(), switchesPerMinute: z.number() }),
  speakingRateOverTime: z.record(
    z.string(),
    z.array(z.object({ ...timed, wpm: z.number().nullable() })),
  ),
  engagement: z.object({
    score: z.number(),
    method: z.string(),
    components: z.record(z.string(), z.object({ score: z.number(), weight: z.number() })),
  }),
  // Optional and forgiving: an older row has none, and a shape we do not know yet is ignored
  // rather than throwing the other analytics away.
  questions: z
    .array(z.object({ text: z.string(), ...timed, speaker: z.string() }))
    .optional()
    .catch(undefined),
});
export type StoredAnalytics = z.infer<typeof storedAnalyticsSchema>;

/** The text step's analytics for this transcript: stored when readable, else computed now. */
export function analyticsOf(data: TranscriptData): StoredAnalytics {
  const stored = storedAnalyticsSchema.safeParse(data.analytics);
  if (stored.success) return stored.data;
  return storedAnalyticsSchema.parse(
    runTextStep({ words: data.words, turns: data.turns, audioLengthSec: data.audioLengthSec }),
  );
}

export function sentimentOf(a: StoredAnalytics, names: SpeakerNames): Sentiment {
  return {
    model: a.sentiment.model,
    overall: a.sentiment.overall,
    utterances: a.sentiment.turns.map((t) => ({
      speaker: t.speaker,
      name: speakerDisplayName(t.speaker, names),
      start: t.start,
      end: t.end,
      compound: t.compound,
      label: t.label,
    })),
    overTime: a.sentiment.overTime.map((b) => ({
      start: b.start,
      end: b.end,
      compound: b.compound,
    })),
  };
}

export function speakingRateOf(a: StoredAnalytics, names: SpeakerNames): SpeakingRate {
  return {
    average: Object.entries(a.wordsPerMinute)
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([speaker, wpm]) => ({ speaker, name: speakerDisplayName(speaker, names), wpm })),
    overTime: Object.entries(a.speakingRateOverTime)
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([speaker, windows]) => ({
        speaker,
        name: speakerDisplayName(speaker, names),
        windows: windows.map((w) => ({ start: w.start, end: w.end, wpm: w.wpm })),
      })),
  };
}

export function conversationOf(a: StoredAnalytics, names: SpeakerNames): Conversation {
  return {
    fillerWords: a.fillerWords.map((f) => ({
      ...f,
      name: speakerDisplayName(f.speaker, names),
    })),
    questions: (a.questions ?? []).map((q) => ({
      text: q.text,
      start: q.start,
      end: q.end,
      speaker: q.speaker,
      name: speakerDisplayName(q.speaker, names),
    })),
    interactivity: a.interactivity,
    engagement: a.engagement,
  };
}
