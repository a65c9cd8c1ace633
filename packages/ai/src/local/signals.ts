import { words } from '../prompt/text.js';
import type { ConversationSignals, TranscriptLine } from '../types.js';
import {
  FILLER_PHRASES,
  FILLER_WORDS,
  NEGATIONS,
  NEGATIVE_WORDS,
  POSITIVE_WORDS,
} from './lexicon.js';

/** A stretch of one speaker talking, lines less than 2 s apart merged. */
export interface Turn {
  speaker: string;
  start: number;
  end: number;
  lines: number[];
}

export interface Gap {
  start: number;
  end: number;
}

/**
 * Signals measured from the transcript, with the pipeline's measured signals (when given)
 * taking precedence, plus the positions the insights cite.
 */
export interface MeasuredSignals extends Required<
  Pick<
    ConversationSignals,
    | 'durationSec'
    | 'talkTimeSec'
    | 'wordsPerMinute'
    | 'fillerWords'
    | 'sentiment'
    | 'questionsAsked'
    | 'longestMonologueSec'
  >
> {
  interactivity: number;
  speakers: string[];
  wordCount: Record<string, number>;
  turns: Turn[];
  longestTurn: Record<string, Turn>;
  /** Silences of 5 s or more between lines. */
  silences: Gap[];
  /** A speaker starting before the previous speaker's line ended (overlap of 0.3 s or more). */
  interruptions: { by: string; of: string; at: number; line: number }[];
  /** Lines with the most filler words, per speaker, for citing. */
  fillerLines: Record<string, number[]>;
  questionLines: Record<string, number[]>;
}

const MONOLOGUE_JOIN_SEC = 2;

export function countFillers(text: string): number {
  const lower = text.toLowerCase();
  let n = words(lower).filter((w) => FILLER_WORDS.has(w)).length;
  for (const re of FILLER_PHRASES) n += lower.match(re)?.length ?? 0;
  return n;
}

/** Lexicon sentiment of a text, -1..1: (positive - negative) / cue words; negation flips a cue. */
export function lexiconSentiment(text: string): { score: number; cues: number } {
  const ws = words(text);
  let pos = 0;
  let neg = 0;
  ws.forEach((w, i) => {
    const negated = [ws[i - 1], ws[i - 2]].some((p) => p !== undefined && NEGATIONS.has(p));
    const polarity = POSITIVE_WORDS.has(w) ? 1 : NEGATIVE_WORDS.has(w) ? -1 : 0;
    if (polarity * (negated ? -1 : 1) > 0) pos++;
    else if (polarity !== 0) neg++;
  });
  const cues = pos + neg;
  return { score: cues === 0 ? 0 : (pos - neg) / cues, cues };
}

const isQuestion = (text: string) =>
  /\?/.test(text) ||
  /^(?:who|what|when|where|why|how|which|could you|can you|would you|do you|did you|are you|have you)\b/i.test(
    text.trim(),
  );

export function measureSignals(
  lines: TranscriptLine[],
  given: ConversationSignals = {},
): MeasuredSignals {
  const speakers = [...new Set(lines.map((l) => l.speaker))];
  const zero = () => Object.fromEntries(speakers.map((s) => [s, 0])) as Record<string, number>;
  const talk = zero();
  const wordCount = zero();
  const fillers = zero();
  const questions = zero();
  const sentimentSum = zero();
  const sentimentCues = zero();
  const fillerLines: Record<string, number[]> = Object.fromEntries(speakers.map((s) => [s, []]));
  const questionLines: Record<string, number[]> = Object.fromEntries(speakers.map((s) => [s, []]));
  const turns: Turn[] = [];
  const silences: Gap[] = [];
  const interruptions: MeasuredSignals['interruptions'] = [];

  lines.forEach((line, i) => {
    const s = line.speaker;
    talk[s] = (talk[s] ?? 0) + Math.max(0, line.end - line.start);
    wordCount[s] = (wordCount[s] ?? 0) + words(line.text).length;
    const f = countFillers(line.text);
    fillers[s] = (fillers[s] ?? 0) + f;
    if (f > 0) fillerLines[s]?.push(i);
    if (isQuestion(line.text)) {
      questions[s] = (questions[s] ?? 0) + 1;
      questionLines[s]?.push(i);
    }
    const sent = lexiconSentiment(line.text);
    sentimentSum[s] = (sentimentSum[s] ?? 0) + sent.score * sent.cues;
    sentimentCues[s] = (sentimentCues[s] ?? 0) + sent.cues;
    const prev = lines[i - 1];
    if (prev) {
      if (line.start - prev.end >= 5) silences.push({ start: prev.end, end: line.start });
      if (prev.speaker !== s && prev.end - line.start >= 0.3) {
        interruptions.push({ by: s, of: prev.speaker, at: line.start, line: i });
      }
    }
    const last = turns[turns.length - 1];
    if (last && last.speaker === s && line.start - last.end < MONOLOGUE_JOIN_SEC) {
      last.end = Math.max(last.end, line.end);
      last.lines.push(i);
    } else {
      turns.push({ speaker: s, start: line.start, end: line.end, lines: [i] });
    }
  });

  const longestTurn: Record<string, Turn> = {};
  for (const t of turns) {
    const cur = longestTurn[t.speaker];
    if (!cur || t.end - t.start > cur.end - cur.start) longestTurn[t.speaker] = t;
  }
  const first = lines[0]?.start ?? 0;
  const last = lines.reduce((m, l) => Math.max(m, l.end), 0);
  const durationSec = given.durationSec ?? Math.max(0, last - first);
  const wpm = Object.fromEntries(
    speakers.map((s) => [s, (talk[s] ?? 0) > 0 ? ((wordCount[s] ?? 0) / (talk[s] ?? 1)) * 60 : 0]),
  );
  const sentiment = Object.fromEntries(
    speakers.map((s) => [
      s,
      (sentimentCues[s] ?? 0) > 0 ? (sentimentSum[s] ?? 0) / (sentimentCues[s] ?? 1) : 0,
    ]),
  );
  const monologue = Object.fromEntries(
    speakers.map((s) => [s, longestTurn[s] ? longestTurn[s].end - longestTurn[s].start : 0]),
  );
  return {
    durationSec,
    talkTimeSec: { ...talk, ...given.talkTimeSec },
    wordsPerMinute: { ...wpm, ...given.wordsPerMinute },
    fillerWords: { ...fillers, ...given.fillerWords },
    sentiment: { ...sentiment, ...given.sentiment },
    questionsAsked: { ...questions, ...given.questionsAsked },
    longestMonologueSec: { ...monologue, ...given.longestMonologueSec },
    interactivity: given.interactivity ?? (durationSec > 0 ? turns.length / (durationSec / 60) : 0),
    speakers,
    wordCount,
    turns,
    longestTurn,
    silences,
    interruptions,
    fillerLines,
    questionLines,
  };
}

/**
 * The person a rubric is about. Interview transcripts do not say who the candidate is, so it
 * is the speaker with the most talk time (candidates answer at length); `focus` overrides.
 */
export function focusSpeaker(m: MeasuredSignals, focus?: string): string | null {
  if (focus && m.speakers.includes(focus)) return focus;
  return (
    [...m.speakers].sort((a, b) => (m.talkTimeSec[b] ?? 0) - (m.talkTimeSec[a] ?? 0))[0] ?? null
  );
}
