import type { Word } from './asr/types.js';
import {
  computeEngagement,
  computeInteractivity,
  computeSentiment,
  speakingRateOverTime,
  type Engagement,
  type RateWindow,
  type SentimentAnalytics,
} from './conversation.js';
import { findQuestions, questionsPerSpeaker, type Question } from './questions.js';
import { mergeSegments, round3, type Segment } from './vad.js';

export interface SpeakerWord {
  word: string;
  start: number;
  end: number;
  speaker: string;
}

export interface Turn {
  speaker: string;
  start: number;
  end: number;
}

export interface Analytics {
  audioLengthSec: number;
  talkTimeSec: Record<string, number>;
  talkTimePercent: Record<string, number>;
  longestMonologueSec: number;
  wordsPerMinute: Record<string, number>;
  fillerWords: { word: string; start: number; speaker: string }[];
  sentiment: SentimentAnalytics;
  interactivity: { speakerSwitches: number; switchesPerMinute: number };
  /** Per speaker, words per minute of their talking in consecutive 60 s windows. */
  speakingRateOverTime: Record<string, RateWindow[]>;
  engagement: Engagement;
  /** Questions asked, in time order (see questions.ts for how they are recognised). */
  questions: Question[];
  /** Number of questions each speaker asked. */
  questionsPerSpeaker: Record<string, number>;
}

/** Until diarization lands every turn belongs to this speaker. */
export const SINGLE_SPEAKER = 'speaker_00';

/**
 * Turns from VAD segments: pauses shorter than `maxGapSec` (breaths, hesitations) stay inside
 * a turn, so a turn is what a listener would call one stretch of talking.
 */
export function turnsFromSpeech(
  speech: readonly Segment[],
  speaker = SINGLE_SPEAKER,
  maxGapSec = 1,
): Turn[] {
  return mergeSegments(speech, maxGapSec).map((s) => ({
    speaker,
    start: round3(s.start),
    end: round3(s.end),
  }));
}

/** Gives each word the speaker of the turn it overlaps most (the nearest turn if none). */
export function assignSpeakers(words: readonly Word[], turns: readonly Turn[]): SpeakerWord[] {
  return words.map((w) => {
    let best: Turn | undefined;
    let bestScore = -Infinity;
    for (const t of turns) {
      const overlap = Math.min(w.end, t.end) - Math.max(w.start, t.start); // negative = distance
      if (overlap > bestScore) [best, bestScore] = [t, overlap];
    }
    return { word: w.word, start: w.start, end: w.end, speaker: best?.speaker ?? SINGLE_SPEAKER };
  });
}

// Single-word fillers; "like" and "so" are fillers only sometimes, but without a parser we
// cannot tell and users of the peers expect them counted.
const FILLERS = new Set([
  'um',
  'uh',
  'erm',
  'er',
  'ah',
  'hmm',
  'mm',
  'like',
  'basically',
  'actually',
  'literally',
]);
// Two-word fillers, matched on consecutive words.
const FILLER_PAIRS = new Set(['you know', 'i mean', 'kind of', 'sort of']);

export function findFillers(words: readonly SpeakerWord[]): Analytics['fillerWords'] {
  const out: Analytics['fillerWords'] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const word = w.word.toLowerCase();
    if (next && FILLER_PAIRS.has(`${word} ${next.word.toLowerCase()}`)) {
      out.push({ word: `${word} ${next.word.toLowerCase()}`, start: w.start, speaker: w.speaker });
      i++;
    } else if (FILLERS.has(word)) {
      out.push({ word, start: w.start, speaker: w.speaker });
    }
  }
  return out;
}

const round1 = (x: number): number => Math.round(x * 10) / 10;

/** A silence this long ends a monologue: the speaker gave up the floor, even if nobody took it. */
export const MONOLOGUE_PAUSE_SEC = 3;

/**
 * The longest stretch in which one speaker holds the floor: their consecutive turns, ended by
 * another speaker's turn (overlapping talk included) or by a pause of MONOLOGUE_PAUSE_SEC.
 * Null without turns.
 */
export function longestMonologue(turns: readonly Turn[]): { speaker: string; sec: number } | null {
  const sorted = [...turns].sort((a, b) => a.start - b.start);
  let best: { speaker: string; sec: number } | null = null;
  let runStart = 0;
  sorted.forEach((t, i) => {
    const prev = sorted[i - 1];
    const interrupted =
      !prev ||
      prev.speaker !== t.speaker ||
      t.start - prev.end >= MONOLOGUE_PAUSE_SEC ||
      sorted.some((o) => o.speaker !== t.speaker && o.end > prev.end && o.start < t.start);
    if (interrupted) runStart = t.start;
    const sec = round3(t.end - runStart);
    if (!best || sec > best.sec) best = { speaker: t.speaker, sec };
  });
  return best;
}

export function computeAnalytics(
  words: readonly SpeakerWord[],
  turns: readonly Turn[],
  audioLengthSec: number,
): Analytics {
  const talkTimeSec: Record<string, number> = {};
  for (const t of turns) talkTimeSec[t.speaker] = (talkTimeSec[t.speaker] ?? 0) + (t.end - t.start);
  const totalTalk = Object.values(talkTimeSec).reduce((a, b) => a + b, 0);
  const talkTimePercent: Record<string, number> = {};
  const wordsPerMinute: Record<string, number> = {};
  for (const [speaker, sec] of Object.entries(talkTimeSec)) {
    talkTimeSec[speaker] = round3(sec);
    talkTimePercent[speaker] = totalTalk > 0 ? round1((100 * sec) / totalTalk) : 0;
    // Per minute of that speaker's talking, not of the recording, so silence does not lower it.
    const count = words.filter((w) => w.speaker === speaker).length;
    wordsPerMinute[speaker] = sec > 0 ? round1((count * 60) / sec) : 0;
  }
  const longest = longestMonologue(turns)?.sec ?? 0;
  const sentiment = computeSentiment(words, turns, audioLengthSec);
  const interactivity = computeInteractivity(turns, audioLengthSec);
  const questions = findQuestions(words);
  return {
    audioLengthSec: round3(audioLengthSec),
    talkTimeSec,
    talkTimePercent,
    longestMonologueSec: round3(longest),
    wordsPerMinute,
    fillerWords: findFillers(words),
    sentiment,
    interactivity,
    speakingRateOverTime: speakingRateOverTime(words, turns, audioLengthSec),
    engagement: computeEngagement({
      switchesPerMinute: interactivity.switchesPerMinute,
      talkTimeSec,
      wordsPerMinute,
      overallCompound: sentiment.overall.compound,
    }),
    questions,
    questionsPerSpeaker: questionsPerSpeaker(questions, Object.keys(talkTimeSec)),
  };
}
