import {
  formatHms,
  speakerDisplayName,
  transcriptionEntrySchema,
  wordTimestampSchema,
  type TranscriptionEntry,
  type WordTimestamp,
} from '@parley/contracts';
import { speakerColorIndex } from '../../ui/player/player';
import { parseTranscript, type TranscriptEntry } from './legacy';

/** One clickable word; times in seconds. */
export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
}

/** A dialogue block as the panel draws it (spec 2 §2 Transcript panel). */
export interface TranscriptBlock {
  key: string;
  /** The raw label (speaker_NN): the colour follows it, so renaming keeps the colour. */
  speaker: string;
  name: string;
  initials: string;
  /** Slot in the five-colour cycle, the same as on the seek bar and in the charts. */
  color: number;
  start: number;
  end: number;
  /** HH:MM:SS of start. */
  time: string;
  words: TranscriptWord[];
}

/** The first letters of the name's words, at most two ('Ada Lovelace' → 'AL'). */
export function speakerInitials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => Array.from(w)[0]?.toUpperCase() ?? '');
  return letters.join('').slice(0, 2) || '?';
}

/** Spreads a block's text over its time span when the engine gave no word timings. */
function spreadWords(text: string, start: number, end: number): TranscriptWord[] {
  const parts = text.split(/\s+/).filter(Boolean);
  const step = parts.length > 0 ? Math.max(0, end - start) / parts.length : 0;
  return parts.map((word, i) => ({ word, start: start + i * step, end: start + (i + 1) * step }));
}

function block(
  speaker: string,
  name: string,
  start: number,
  end: number,
  words: TranscriptWord[],
  i: number,
): TranscriptBlock {
  return {
    key: `${i}-${start}`,
    speaker,
    name,
    initials: speakerInitials(name),
    color: speakerColorIndex(speaker),
    start,
    end: Math.max(end, start),
    time: formatHms(start),
    words,
  };
}

/**
 * Blocks from the transcription route: each entry's words are its wordRange slice of the word
 * timestamps. Names set on the meeting (additionalDetails) win over the server's copy, so a
 * rename shows at once.
 */
export function buildBlocks(
  entries: readonly TranscriptionEntry[],
  words: readonly WordTimestamp[],
  names: Readonly<Record<string, string>> = {},
): TranscriptBlock[] {
  const byIndex = new Map(words.map((w) => [w.index, w]));
  return entries.map((e, i) => {
    const own: TranscriptWord[] = [];
    const [first, last] = e.wordRange;
    for (let k = first; k <= last && last - first < 100_000; k++) {
      const w = byIndex.get(k);
      if (w && w.word.trim()) own.push({ word: w.word.trim(), start: w.startTime, end: w.endTime });
    }
    const name = names[e.speaker]?.trim() || e.speakerName || speakerDisplayName(e.speaker, {});
    const list = own.length > 0 ? own : spreadWords(e.text, e.startTime, e.endTime);
    return block(e.speaker, name, e.startTime, e.endTime, list, i);
  });
}

function fromLegacy(entries: readonly TranscriptEntry[]): TranscriptBlock[] {
  return entries.map((e, i) =>
    block(e.speaker, e.speaker, e.start, e.end, spreadWords(e.text, e.start, e.end), i),
  );
}

/**
 * The public view sends the transcript untyped: read it as the transcription route's shapes
 * when it has them, else as loose 'speaker: text' entries.
 */
export function blocksFromUnknown(
  entries: readonly unknown[] | null | undefined,
  words: readonly unknown[] | null | undefined,
  names: Readonly<Record<string, string>> = {},
): TranscriptBlock[] {
  const list = entries ?? [];
  const typed = list.map((e) => transcriptionEntrySchema.safeParse(e));
  if (list.length > 0 && typed.every((r) => r.success)) {
    const parsedWords = (words ?? []).flatMap((w) => {
      const r = wordTimestampSchema.safeParse(w);
      return r.success ? [r.data] : [];
    });
    return buildBlocks(
      typed.flatMap((r) => (r.success ? [r.data] : [])),
      parsedWords,
      names,
    );
  }
  return fromLegacy(parseTranscript(list));
}

export interface WordPosition {
  block: number;
  word: number;
}

/**
 * The word being spoken at `time` (start ≤ time < end), found by binary search over the words
 * in time order; null in pauses between words and outside the transcript.
 */
export function findCurrentWord(
  blocks: readonly TranscriptBlock[],
  time: number,
): WordPosition | null {
  if (!Number.isFinite(time) || time < 0) return null;
  // Blocks are in time order: find the last block starting at or before `time`, then its word.
  let lo = 0;
  let hi = blocks.length - 1;
  let b = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((blocks[mid]?.start ?? Infinity) <= time) {
      b = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  for (let k = b; k >= 0 && k >= b - 1; k--) {
    const words = blocks[k]?.words ?? [];
    let wlo = 0;
    let whi = words.length - 1;
    while (wlo <= whi) {
      const mid = (wlo + whi) >> 1;
      const w = words[mid];
      if (!w) break;
      if (time < w.start) whi = mid - 1;
      else if (time >= Math.max(w.end, w.start + 0.01)) wlo = mid + 1;
      else return { block: k, word: mid };
    }
  }
  return null;
}

/** The block being spoken at `time` (the one whose span holds it), or -1. */
export function findCurrentBlock(blocks: readonly TranscriptBlock[], time: number): number {
  return blocks.findIndex((b) => time >= b.start && time < Math.max(b.end, b.start + 0.01));
}

/** A stretch of the meeting to mark in the transcript (a tracker mention), with its tooltip. */
export interface WordMark {
  start: number;
  end: number;
  label: string;
}

/** Word times are stored to the millisecond; a mark's ends may round the other way. */
const MARK_SLACK_SEC = 0.001;

/**
 * The words each mark covers, by block then word index, with the marks' labels (several joined
 * when marks overlap). A word is covered when it lies within the mark's span: marks carry times,
 * so they keep to the right words however the blocks are cut.
 */
export function markedWords(
  blocks: readonly TranscriptBlock[],
  marks: readonly WordMark[],
): Map<number, Map<number, string>> {
  const out = new Map<number, Map<number, string>>();
  if (marks.length === 0) return out;
  const sorted = [...marks].sort((a, b) => a.start - b.start);
  blocks.forEach((b, bi) => {
    if (b.end < (sorted[0]?.start ?? Infinity) - MARK_SLACK_SEC) return;
    b.words.forEach((w, wi) => {
      const labels = new Set<string>();
      for (const m of sorted) {
        if (m.start - MARK_SLACK_SEC > w.start) break;
        if (w.start >= m.start - MARK_SLACK_SEC && w.end <= m.end + MARK_SLACK_SEC)
          labels.add(m.label);
      }
      if (labels.size === 0) return;
      const inBlock = out.get(bi) ?? new Map<number, string>();
      inBlock.set(wi, [...labels].join(', '));
      out.set(bi, inBlock);
    });
  });
  return out;
}
