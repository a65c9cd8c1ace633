import { formatTimestamp } from '../prompt/render.js';
import { words } from '../prompt/text.js';
import type { Citation, TranscriptLine } from '../types.js';
import { LOCAL_SOURCE, type TaskOutput } from './output.js';
import { citeLine } from './sentences.js';
import type { MeasuredSignals } from './signals.js';

/** One scored finding: the text names the figure it rests on; citations are the moments. */
export interface Insight {
  text: string;
  citations: Citation[];
}

/** A weighted part of a score, 0..100. */
export interface Part {
  value: number;
  weight: number;
}

export interface Scored {
  title: string;
  score: number;
  insights: Insight[];
  tags: string[];
  /** The speaker scored, or null for the whole meeting. */
  speaker: string | null;
  /** What the score means, stated once in the text result. */
  method: string;
}

/** A score before it is named: what `title` and `speaker` complete. */
export type ScoreBody = Omit<Scored, 'title' | 'speaker'>;

/** One speaker's part of the meeting: what every per-speaker score reads. */
export interface SpeakerView {
  lines: TranscriptLine[];
  m: MeasuredSignals;
  s: string;
  /** All the speaker said, joined. */
  text: string;
  wordTotal: number;
  /** The speaker's first line (none when they never spoke): the citation of last resort. */
  firstLine: number[];
  /** The lines of the speaker's longest turn, else the first line. */
  longest: number[];
}

export function speakerView(lines: TranscriptLine[], m: MeasuredSignals, s: string): SpeakerView {
  const own = lines.map((l, i) => ({ l, i })).filter((x) => x.l.speaker === s);
  const firstLine = own.map((x) => x.i).slice(0, 1);
  return {
    lines,
    m,
    s,
    text: own.map((x) => x.l.text).join(' '),
    wordTotal: m.wordCount[s] ?? 0,
    firstLine,
    longest: m.longestTurn[s]?.lines ?? firstLine,
  };
}

/** A score from its weighted parts, with the findings and tags it rests on ('' tags dropped). */
export function weightedScore(
  parts: Part[],
  insights: Insight[],
  tags: string[],
  method: string,
): ScoreBody {
  return { score: weighted(parts), insights, tags: tags.filter(Boolean), method };
}

export const clamp = (v: number, lo = 0, hi = 100) => Math.min(hi, Math.max(lo, v));

/** 100 inside [lo, hi], falling linearly to 0 at `soft` outside it. */
export function band(value: number, lo: number, hi: number, soft: number): number {
  if (value >= lo && value <= hi) return 100;
  const distance = value < lo ? lo - value : value - hi;
  return clamp(100 - (distance / soft) * 100);
}

export function weighted(parts: Part[]): number {
  const total = parts.reduce((a, p) => a + p.weight, 0) || 1;
  return Math.round(parts.reduce((a, p) => a + p.value * p.weight, 0) / total);
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '0');
export const per100 = (count: number, total: number) => (total > 0 ? (count / total) * 100 : 0);

/** An insight citing transcript lines, their times appended as [HH:MM:SS] markers. */
export function insight(
  text: string,
  lines: TranscriptLine[],
  indices: number[],
  max = 3,
): Insight {
  const cited = [...new Set(indices)]
    .slice(0, max)
    .map((i) => lines[i])
    .filter((l): l is TranscriptLine => l !== undefined);
  const marks = cited.map((l) => `[${formatTimestamp(l.start)}]`).join(' ');
  return { text: marks ? `${text} ${marks}` : text, citations: cited.map(citeLine) };
}

/** Line indices of one speaker ordered by how many times `count` fires in them. */
export function linesRankedBy(
  lines: TranscriptLine[],
  speaker: string | null,
  count: (text: string) => number,
): number[] {
  return lines
    .map((l, i) => ({ i, n: speaker && l.speaker !== speaker ? 0 : count(l.text) }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .map((x) => x.i);
}

export function countMatches(text: string, patterns: RegExp[]): number {
  const lower = text.toLowerCase();
  return patterns.reduce((n, re) => n + (lower.match(re)?.length ?? 0), 0);
}

export function countWordsIn(text: string, set: Set<string>): number {
  return words(text).filter((w) => set.has(w)).length;
}

/** The text and JSON form of a score, as the Candidate Analysis panel reads it. */
export function scoredOutput(s: Scored): TaskOutput {
  const who = s.speaker ? ` for ${s.speaker}` : '';
  const text = [
    `${s.title}${who}: ${s.score}/100`,
    s.method,
    ...s.insights.map((i) => `- ${i.text}`),
    s.tags.length ? `Tags: ${s.tags.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  return {
    text,
    json: {
      score: s.score,
      insights: s.insights.map((i) => i.text),
      tags: s.tags,
      speaker: s.speaker,
      method: s.method,
      source: LOCAL_SOURCE,
    },
    citations: s.insights.flatMap((i) => i.citations),
  };
}
