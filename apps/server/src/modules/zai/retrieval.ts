import { estimateTokens, rankLines, renderTranscript, type TranscriptLine } from '@parley/ai';
import type { PassageLine } from '../transcripts/index.js';

export interface MeetingPassages {
  meeting: { id: string; meetingName: string };
  lines: PassageLine[];
}

/** Where a rendered line came from. */
export interface LineOrigin {
  meetingIndex: number;
  /** The speaker's own name, without the meeting label. */
  speaker: string;
}

export interface Excerpts {
  /** False when no line of any meeting matches the question well enough to answer from. */
  relevant: boolean;
  /** The chosen lines in meeting order, then time order; speakers carry the meeting label. */
  lines: TranscriptLine[];
  /** The chosen lines as the model reads them: a heading per meeting, "[HH:MM:SS] Speaker: text". */
  text: string;
  /** Speaker label as rendered -> meeting and plain speaker, to map citations back. */
  origins: Map<string, LineOrigin>;
}

export interface RetrievalOptions {
  /** Token budget for the excerpts (estimateTokens). */
  budgetTokens: number;
  /** Best lines to consider. */
  topK?: number;
  /** Lines before and after each hit kept for context. */
  neighbours?: number;
  /** Some line must hold this share of the question's term weight (BM25 coverage, 0..1). */
  minCoverage?: number;
  /**
   * The question asks about the whole meeting (a summary, its action items), not a fact: every
   * line is relevant, kept evenly across the meetings when they do not fit the budget.
   */
  whole?: boolean;
}

/** Meeting names made unique, so two meetings called the same stay apart in the excerpts. */
function meetingLabels(meetings: readonly MeetingPassages[]): string[] {
  const seen = new Map<string, number>();
  return meetings.map(({ meeting }) => {
    const n = (seen.get(meeting.meetingName) ?? 0) + 1;
    seen.set(meeting.meetingName, n);
    return n === 1 ? meeting.meetingName : `${meeting.meetingName} (${n})`;
  });
}

/**
 * Retrieval across the chosen meetings: BM25 ranks every line for the question (one index, so a
 * term rare in all meetings weighs more than one every meeting repeats), then the best lines
 * with their neighbours are kept, best first, until the token budget is spent. With several
 * meetings each speaker is labelled "Name · Meeting", so the model, the built-in engine and
 * the citations all know which meeting a line is from.
 */
export function selectExcerpts(
  question: string,
  meetings: readonly MeetingPassages[],
  options: RetrievalOptions,
): Excerpts {
  const { budgetTokens, topK = 24, neighbours = 1, minCoverage = 0.34, whole = false } = options;
  const several = meetings.length > 1;
  const labels = meetingLabels(meetings);
  const origins = new Map<string, LineOrigin>();
  const flat: { line: TranscriptLine; meetingIndex: number }[] = [];
  // Ranked without the meeting label: a question naming a meeting should not match every line.
  const plain: TranscriptLine[] = [];
  meetings.forEach((m, meetingIndex) => {
    m.lines.forEach((line) => {
      const label = several ? `${line.speaker} · ${labels[meetingIndex]}` : line.speaker;
      origins.set(label, { meetingIndex, speaker: line.speaker });
      flat.push({ line: { ...line, speaker: label }, meetingIndex });
      plain.push(line);
    });
  });

  if (whole) {
    return flat.length
      ? excerptsOf(meetings, flat, labels, origins, evenlyWithin(flat, budgetTokens))
      : { relevant: false, lines: [], text: '', origins };
  }

  // Relevance is decided by the best-covered line; once the meetings do hold the question's
  // main words, lines with only some of them are still useful context for the model.
  const hits = rankLines(question, plain, topK);
  if (!hits.some((h) => h.coverage >= minCoverage)) {
    return { relevant: false, lines: [], text: '', origins };
  }

  // flat is in meeting order, then line order, so a flat index +-1 is a neighbouring line of
  // the same meeting unless it crosses into the next meeting (checked below).
  const chosen = new Set<number>();
  let used = 0;
  for (const hit of hits) {
    const hitMeeting = flat[hit.index]?.meetingIndex;
    for (let i = hit.index - neighbours; i <= hit.index + neighbours; i++) {
      const entry = flat[i];
      if (!entry || entry.meetingIndex !== hitMeeting || chosen.has(i)) continue;
      const cost = lineCost(entry.line);
      if (used + cost > budgetTokens) continue;
      chosen.add(i);
      used += cost;
    }
    if (used >= budgetTokens) break;
  }
  return excerptsOf(meetings, flat, labels, origins, chosen);
}

const lineCost = (line: TranscriptLine) => estimateTokens(renderTranscript([line])) + 1;

/** Every line when they fit the budget; else every k-th, so the whole span is covered. */
function evenlyWithin(flat: readonly { line: TranscriptLine }[], budgetTokens: number) {
  const costs = flat.map((e) => lineCost(e.line));
  const total = costs.reduce((a, b) => a + b, 0);
  const stride = Math.max(1, Math.ceil(total / Math.max(1, budgetTokens)));
  const chosen = new Set<number>();
  let used = 0;
  for (let i = 0; i < flat.length; i += stride) {
    const cost = costs[i] ?? 0;
    if (used + cost > budgetTokens) continue;
    chosen.add(i);
    used += cost;
  }
  return chosen;
}

/** The chosen lines as excerpts: a section per meeting, "…" where lines were skipped. */
function excerptsOf(
  meetings: readonly MeetingPassages[],
  flat: readonly { line: TranscriptLine; meetingIndex: number }[],
  labels: readonly string[],
  origins: Map<string, LineOrigin>,
  chosen: ReadonlySet<number>,
): Excerpts {
  const order = [...chosen].sort((a, b) => a - b);
  const sections: string[] = [];
  meetings.forEach((_, meetingIndex) => {
    const mine = order.filter((i) => flat[i]?.meetingIndex === meetingIndex);
    if (mine.length === 0) return;
    // "…" where lines were skipped, so the model does not read two distant lines as one exchange.
    const parts: string[] = [];
    mine.forEach((i, n) => {
      if (n > 0 && i !== (mine[n - 1] ?? i) + 1) parts.push('…');
      const entry = flat[i];
      if (entry) parts.push(renderTranscript([entry.line]));
    });
    sections.push(`Meeting "${labels[meetingIndex]}":\n${parts.join('\n')}`);
  });
  return {
    relevant: true,
    lines: order.map((i) => flat[i]?.line).filter((l): l is TranscriptLine => Boolean(l)),
    text: sections.join('\n\n'),
    origins,
  };
}
