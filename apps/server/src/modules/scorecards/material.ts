import { OVERALL_CATEGORIES, type Evidence, type MeetingInsights } from '@parley/contracts';
import { analyticsOf, dialogueBlocks, type TranscriptData } from '../transcripts/index.js';

/** One turn of the transcript as the drafters read it. */
export interface DraftLine {
  /** Raw speaker label (speaker_00). */
  speaker: string;
  /** The name the meeting gives the speaker, else the label. */
  speakerName: string;
  start: number;
  end: number;
  text: string;
}

/** What a scorecard is drafted from: the transcript's turns and measured signals. */
export interface DraftMaterial {
  lines: DraftLine[];
  durationSec: number;
  /** The candidate's speaker label: the one who talks longest (null without speech). */
  candidate: string | null;
  /** The candidate's filler words a minute of their own speech. */
  fillerPerMinute: number | null;
  /** Mean sentiment (-1..1) of each turn, by its start second. */
  sentimentAt: Map<number, number>;
  /** Zai's HR category scores (Technical, Communication, Behavioral), when analysed. */
  categories: { name: string; score: number }[];
}

/** The stored transcript and the meeting's speaker names as drafting material. */
export function draftMaterial(
  data: TranscriptData,
  names: Record<string, string>,
  categories: { name: string; score: number }[],
): DraftMaterial {
  const lines = dialogueBlocks(data.words, names).map((b) => ({
    speaker: b.speaker,
    speakerName: b.speakerName,
    start: b.startTime,
    end: b.endTime,
    text: b.text,
  }));
  const talk = new Map<string, number>();
  for (const t of data.turns) talk.set(t.speaker, (talk.get(t.speaker) ?? 0) + t.end - t.start);
  if (talk.size === 0)
    for (const l of lines) talk.set(l.speaker, (talk.get(l.speaker) ?? 0) + l.end - l.start);
  const candidate = [...talk.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const a = analyticsOf(data);
  const fillers = a.fillerWords.filter((f) => f.speaker === candidate).length;
  const minutes = (candidate ? (talk.get(candidate) ?? 0) : 0) / 60;
  const sentimentAt = new Map<number, number>();
  for (const t of a.sentiment.turns) sentimentAt.set(t.start, t.compound);
  return {
    lines,
    durationSec: data.audioLengthSec,
    candidate,
    fillerPerMinute: minutes > 0 ? fillers / minutes : null,
    sentimentAt,
    categories,
  };
}

const QUOTE_WORDS = 40;

/** Lower-case words, for comparing a quote with what was said. */
export const wordsOf = (text: string) =>
  text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];

/** A line as a cited moment; a long turn is quoted by its first words (still its own words). */
export function momentOf(line: DraftLine): Evidence {
  const ws = line.text.trim().split(/\s+/);
  return {
    start: line.start,
    end: line.end,
    speaker: line.speakerName,
    quote: ws.length > QUOTE_WORDS ? ws.slice(0, QUOTE_WORDS).join(' ') : line.text.trim(),
  };
}

const contains = (hay: string[], needle: string[]) => {
  if (needle.length === 0) return false;
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
};

/**
 * A model's cited moment checked against the recording: kept only when it lies inside it
 * (0..duration) and its quote is words of the transcript. A quote spoken elsewhere than the
 * time given moves to where it was said; a moment without a quote takes the words of the turn
 * at that time. Anything else is dropped: no evidence the transcript does not hold.
 */
export function grounded(cited: Partial<Evidence>, m: DraftMaterial): Evidence | null {
  const start = Number(cited.start);
  const end = Number(cited.end ?? cited.start);
  if (!Number.isFinite(start) || start < 0 || start > m.durationSec) return null;
  const span = {
    start,
    end: Number.isFinite(end) && end >= start ? Math.min(end, m.durationSec) : start,
  };
  const near = m.lines.filter((l) => l.end >= span.start - 1 && l.start <= span.end + 1);
  const quote = typeof cited.quote === 'string' ? wordsOf(cited.quote) : [];
  if (quote.length === 0) {
    // The turn spoken at that second, else the nearest one within a second of it.
    const distance = (l: DraftLine) => Math.max(0, l.start - span.start, span.start - l.end);
    const line = [...near].sort((a, b) => distance(a) - distance(b))[0];
    return line ? momentOf(line) : null;
  }
  const said = near.find((l) => contains(wordsOf(l.text), quote));
  const line = said ?? m.lines.find((l) => contains(wordsOf(l.text), quote));
  if (!line) return null;
  return {
    start: line.start,
    end: line.end,
    speaker: line.speakerName,
    quote: cited.quote!.trim(),
  };
}

/** HR category scores of stored insights (Technical, Communication, Behavioral). */
export function categoriesOf(insights: MeetingInsights): { name: string; score: number }[] {
  return insights.data
    .filter((i) => (OVERALL_CATEGORIES as readonly string[]).includes(i.promptName))
    .flatMap((i) =>
      Array.isArray(i.result) ? [] : [{ name: i.promptName, score: i.result.score }],
    );
}
