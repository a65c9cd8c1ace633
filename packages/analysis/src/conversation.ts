// Conversation analytics beyond talk time: sentiment, interactivity, speaking rate over time
// and an engagement score. Inputs are the same words and turns as computeAnalytics.
import vader from 'vader-sentiment';

interface Timed {
  start: number;
  end: number;
}
interface WordIn extends Timed {
  word: string;
  speaker: string;
}
interface TurnIn extends Timed {
  speaker: string;
}

export type SentimentLabel = 'positive' | 'neutral' | 'negative';

export interface TurnSentiment extends TurnIn {
  words: number;
  compound: number;
  label: SentimentLabel;
}

export interface SentimentBucket extends Timed {
  words: number;
  /** Word-weighted mean compound of the utterances spoken in the bucket; null if silent. */
  compound: number | null;
}

export interface SentimentAnalytics {
  model: string;
  turns: TurnSentiment[];
  overall: { compound: number; label: SentimentLabel };
  overTime: SentimentBucket[];
}

export interface RateWindow extends Timed {
  /** Words per minute of the speaker's talking inside the window; null if under 1 s of talk. */
  wpm: number | null;
}

export interface EngagementComponent {
  /** 0 … 1 before weighting. */
  score: number;
  weight: number;
}

export interface Engagement {
  score: number;
  method: string;
  components: Record<'interactivity' | 'balance' | 'pace' | 'sentiment', EngagementComponent>;
}

/** The longest time bucket of the over-time series; recordings of an hour get 60 of them. */
export const BUCKET_SEC = 60;
const NICE_BUCKETS_SEC = [10, 15, 20, 30, BUCKET_SEC];

/**
 * Bucket length for a recording: about twelve buckets or more, on a round length, so a
 * half-minute clip still draws a line rather than a single point.
 */
export function bucketSecFor(lengthSec: number): number {
  return NICE_BUCKETS_SEC.find((b) => b >= lengthSec / 12) ?? BUCKET_SEC;
}
const round2 = (x: number): number => Math.round(x * 100) / 100;
const round3 = (x: number): number => Math.round(x * 1000) / 1000;
const overlap = (a: Timed, b: Timed): number => Math.min(a.end, b.end) - Math.max(a.start, b.start);

/** VADER's recommended thresholds: compound ≥ 0.05 positive, ≤ −0.05 negative. */
export function sentimentLabel(compound: number): SentimentLabel {
  if (compound >= 0.05) return 'positive';
  if (compound <= -0.05) return 'negative';
  return 'neutral';
}

export function sentimentOf(text: string): number {
  return vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;
}

/** Each word goes to the turn of its speaker it overlaps most (the nearest if none). */
export function wordsByTurn(words: readonly WordIn[], turns: readonly TurnIn[]): WordIn[][] {
  const out: WordIn[][] = turns.map(() => []);
  for (const w of words) {
    let best = -1;
    let bestScore = -Infinity;
    turns.forEach((t, i) => {
      const score = overlap(w, t);
      if (t.speaker === w.speaker && score > bestScore) [best, bestScore] = [i, score];
    });
    if (best >= 0) out[best]!.push(w);
  }
  return out;
}

const bucketCount = (lengthSec: number): number =>
  Math.max(1, Math.ceil(lengthSec / bucketSecFor(lengthSec)));
const bucketOf = (sec: number, n: number, size: number): number =>
  Math.min(n - 1, Math.max(0, Math.floor(sec / size)));
const bucketTimes = (i: number, lengthSec: number, size: number): Timed => ({
  start: i * size,
  end: round3(Math.min((i + 1) * size, Math.max(lengthSec, size * i))),
});

/** Sentiment of every turn that has words, overall (weighted by words) and per time bucket (bucketSecFor). */
export function computeSentiment(
  words: readonly WordIn[],
  turns: readonly TurnIn[],
  audioLengthSec: number,
): SentimentAnalytics {
  const byTurn = wordsByTurn(words, turns);
  const scored: TurnSentiment[] = [];
  turns.forEach((t, i) => {
    const ws = byTurn[i]!;
    if (ws.length === 0) return;
    const compound = round3(sentimentOf(ws.map((w) => w.word).join(' ')));
    scored.push({ ...t, words: ws.length, compound, label: sentimentLabel(compound) });
  });
  const totalWords = scored.reduce((a, t) => a + t.words, 0);
  const mean = totalWords ? scored.reduce((a, t) => a + t.compound * t.words, 0) / totalWords : 0;
  // A turn spanning buckets lends its score to each in proportion to its words there.
  const size = bucketSecFor(audioLengthSec);
  const n = bucketCount(audioLengthSec);
  const sum = new Array<number>(n).fill(0);
  const count = new Array<number>(n).fill(0);
  let k = 0;
  turns.forEach((_, i) => {
    const ws = byTurn[i]!;
    if (ws.length === 0) return;
    const compound = scored[k++]!.compound;
    for (const w of ws) {
      const b = bucketOf(w.start, n, size);
      sum[b]! += compound;
      count[b]! += 1;
    }
  });
  return {
    model: 'VADER lexicon (vader-sentiment, English)',
    turns: scored,
    overall: { compound: round3(mean), label: sentimentLabel(mean) },
    overTime: sum.map((s, i) => ({
      ...bucketTimes(i, audioLengthSec, size),
      words: count[i]!,
      compound: count[i] ? round3(s / count[i]!) : null,
    })),
  };
}

/** Speaker switches: consecutive turns with different speakers, and their rate per minute. */
export function computeInteractivity(
  turns: readonly TurnIn[],
  audioLengthSec: number,
): { speakerSwitches: number; switchesPerMinute: number } {
  let switches = 0;
  for (let i = 1; i < turns.length; i++)
    if (turns[i]!.speaker !== turns[i - 1]!.speaker) switches++;
  const minutes = audioLengthSec / 60;
  return {
    speakerSwitches: switches,
    switchesPerMinute: minutes > 0 ? round2(switches / minutes) : 0,
  };
}

/** Per speaker, words per minute of their own talking inside each time bucket. */
export function speakingRateOverTime(
  words: readonly WordIn[],
  turns: readonly TurnIn[],
  audioLengthSec: number,
): Record<string, RateWindow[]> {
  const size = bucketSecFor(audioLengthSec);
  const n = bucketCount(audioLengthSec);
  const out: Record<string, RateWindow[]> = {};
  for (const speaker of new Set(turns.map((t) => t.speaker))) {
    out[speaker] = Array.from({ length: n }, (_, i) => {
      const win = bucketTimes(i, audioLengthSec, size);
      const full = { start: win.start, end: win.start + size };
      const talk = turns
        .filter((t) => t.speaker === speaker)
        .reduce((a, t) => a + Math.max(0, overlap(t, full)), 0);
      const count = words.filter(
        (w) => w.speaker === speaker && bucketOf(w.start, n, size) === i,
      ).length;
      return { ...win, wpm: talk >= 1 ? Math.round((count * 60 * 10) / talk) / 10 : null };
    });
  }
  return out;
}

export const COMFORTABLE_WPM = { min: 110, max: 170 } as const;
/** How far outside the comfortable band the pace score falls linearly to 0. */
const PACE_FALLOFF_WPM = 60;
/** Switches per minute counted as fully interactive. */
const LIVELY_SWITCHES_PER_MIN = 4;
const WEIGHTS = { interactivity: 0.3, balance: 0.25, pace: 0.2, sentiment: 0.25 } as const;

export const ENGAGEMENT_METHOD =
  'Heuristic, not a validated measure. Score = 100 × (0.30 × interactivity + 0.25 × balance + ' +
  '0.20 × pace + 0.25 × sentiment). Interactivity: speaker switches per minute, 4 or more ' +
  'counts as 1. Balance: how evenly talk time is shared (1 = all speakers equal, 0 = one ' +
  'speaker only). Pace: 1 when a speaker talks at 110–170 words per minute, falling to 0 at ' +
  '60 wpm outside that band, averaged by talk time. Sentiment: overall VADER compound mapped ' +
  'from −1…1 to 0…1.';

/**
 * Engagement score 0–100, a heuristic (see ENGAGEMENT_METHOD, shown to users as the tooltip):
 * a weighted mix of four components, each between 0 and 1:
 * - interactivity (30 %): speaker switches per minute divided by 4, capped at 1 — a lively
 *   back-and-forth has a switch every 15 s or more often;
 * - balance (25 %): normalised entropy of the talk-time shares — 1 when every speaker talks
 *   equally long, 0 when one speaker does all the talking (so a single speaker scores 0);
 * - pace (20 %): 1 for a speaking rate in the comfortable 110–170 wpm band, falling linearly to
 *   0 at 50 and 230 wpm; the talk-time-weighted mean over speakers;
 * - sentiment (25 %): the overall word-weighted VADER compound, (compound + 1) / 2.
 */
export function computeEngagement(input: {
  switchesPerMinute: number;
  talkTimeSec: Record<string, number>;
  wordsPerMinute: Record<string, number>;
  overallCompound: number;
}): Engagement {
  const talk = Object.entries(input.talkTimeSec).filter(([, s]) => s > 0);
  const total = talk.reduce((a, [, s]) => a + s, 0);
  let balance = 0;
  if (talk.length > 1) {
    const entropy = -talk.reduce((a, [, s]) => a + (s / total) * Math.log(s / total), 0);
    balance = entropy / Math.log(talk.length);
  }
  const paceOf = (wpm: number): number => {
    const off = Math.max(0, COMFORTABLE_WPM.min - wpm, wpm - COMFORTABLE_WPM.max);
    return Math.max(0, 1 - off / PACE_FALLOFF_WPM);
  };
  const pace = total
    ? talk.reduce((a, [sp, s]) => a + paceOf(input.wordsPerMinute[sp] ?? 0) * s, 0) / total
    : 0;
  const scores = {
    interactivity: Math.min(1, input.switchesPerMinute / LIVELY_SWITCHES_PER_MIN),
    balance,
    pace,
    sentiment: (Math.max(-1, Math.min(1, input.overallCompound)) + 1) / 2,
  };
  const keys = Object.keys(WEIGHTS) as (keyof typeof WEIGHTS)[];
  const sum = keys.reduce((a, k) => a + WEIGHTS[k] * scores[k], 0);
  const components = Object.fromEntries(
    keys.map((k) => [k, { score: round3(scores[k]), weight: WEIGHTS[k] }]),
  ) as Engagement['components'];
  return { score: Math.round(100 * sum), method: ENGAGEMENT_METHOD, components };
}
