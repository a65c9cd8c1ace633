import type { StoredTurn, StoredWord } from '../../platform/db/schema.js';

/** One correction: a word's text and/or the speaker it belongs to, addressed by index. */
export interface WordCorrection {
  index: number;
  word?: string;
  speaker?: string;
}

/** Same-speaker turns this close are one turn, as the speech step builds them (turnsFromSpeech). */
export const TURN_GAP_SEC = 1;
/**
 * Cutting a reassigned span out of a turn can leave a sliver between two words; a piece this
 * short that holds none of its speaker's words is an artefact of the cut, not talk.
 */
export const MIN_REMNANT_SEC = 0.25;

const round3 = (x: number) => Math.round(x * 1000) / 1000;

interface Piece extends StoredTurn {
  /** A span this correction gave to a new speaker. */
  reassigned?: boolean;
  /** Left over from cutting a reassigned span out of a turn. */
  remnant?: boolean;
}

/** The first correction whose index is not a word of the transcript, if any. */
export function outOfRange(words: readonly unknown[], edits: readonly WordCorrection[]) {
  return edits.find((e) => e.index >= words.length);
}

/**
 * Applies corrections (later ones win for the same word) and re-derives the turns where
 * speakers changed. Call outOfRange first: indexes are trusted here.
 *
 * How the turns follow a speaker change: the changed words are grouped into runs of
 * consecutive words now given to the same speaker. A run's time span — from its first word's
 * start to its last word's end, widened to the neighbouring word when that neighbour already
 * belongs to the new speaker, so no gap is left to the old speaker — is cut out of the old
 * speakers' turns and given to the new speaker. Then short wordless remnants of the cuts are
 * dropped, the new pieces merge with same-speaker turns under TURN_GAP_SEC away, and every
 * turn's overlap flag is recomputed (another speaker talks during part of it). Turns away
 * from the changed words are left as the speech step made them, so talk time moves only by
 * what was reassigned.
 */
export function applyCorrections(
  words: readonly StoredWord[],
  turns: readonly StoredTurn[],
  edits: readonly WordCorrection[],
): { words: StoredWord[]; turns: StoredTurn[] } {
  const next = words.map((w) => ({ ...w }));
  const before = new Map<number, string>();
  for (const e of edits) {
    const w = next[e.index];
    if (!w) continue;
    if (e.word !== undefined) w.word = e.word;
    if (e.speaker !== undefined) {
      if (!before.has(e.index)) before.set(e.index, w.speaker);
      w.speaker = e.speaker;
    }
  }
  const changed = [...before]
    .filter(([i, old]) => next[i]?.speaker !== old)
    .map(([i]) => i)
    .sort((a, b) => a - b);
  if (changed.length === 0) return { words: next, turns: turns.map((t) => ({ ...t })) };

  let pieces: Piece[] = turns.map((t) => ({ ...t }));
  for (const run of runsOf(changed, next)) {
    const first = next[run[0]!]!;
    const last = next[run[run.length - 1]!]!;
    const prev = next[run[0]! - 1];
    const after = next[run[run.length - 1]! + 1];
    const speaker = first.speaker;
    const span = {
      start: prev?.speaker === speaker ? Math.min(prev.end, first.start) : first.start,
      end: after?.speaker === speaker ? Math.max(after.start, last.end) : last.end,
    };
    const from = new Set(run.map((i) => before.get(i)));
    pieces = reassign(pieces, span, speaker, from);
  }
  return { words: next, turns: tidy(pieces, next) };
}

/** Consecutive indexes whose words now have the same speaker. */
function runsOf(indexes: readonly number[], words: readonly StoredWord[]): number[][] {
  const runs: number[][] = [];
  for (const i of indexes) {
    const run = runs[runs.length - 1];
    const tail = run?.[run.length - 1];
    if (run && tail === i - 1 && words[tail]?.speaker === words[i]?.speaker) run.push(i);
    else runs.push([i]);
  }
  return runs;
}

function reassign(
  turns: readonly Piece[],
  span: { start: number; end: number },
  speaker: string,
  from: ReadonlySet<string | undefined>,
): Piece[] {
  const out: Piece[] = [];
  for (const t of turns) {
    if (!from.has(t.speaker) || t.end <= span.start || t.start >= span.end) {
      out.push(t);
      continue;
    }
    if (t.start < span.start) out.push({ ...t, end: span.start, remnant: true });
    if (t.end > span.end) out.push({ ...t, start: span.end, remnant: true });
  }
  out.push({ speaker, start: span.start, end: span.end, reassigned: true });
  return out;
}

function tidy(pieces: readonly Piece[], words: readonly StoredWord[]): StoredTurn[] {
  const holdsWord = (p: Piece) =>
    words.some((w) => {
      const mid = (w.start + w.end) / 2;
      return w.speaker === p.speaker && mid >= p.start && mid <= p.end;
    });
  const kept = pieces
    .filter((p) => !(p.remnant && p.end - p.start < MIN_REMNANT_SEC && !holdsWord(p)))
    .sort((a, b) => a.start - b.start || a.end - b.end);

  // A reassigned span merges with the same speaker's turns next to it; turns elsewhere keep
  // their pauses (and so their talk time). `endIsNew`: the piece ends in a reassigned span, so
  // the gap after it is one the correction created.
  const merged: (StoredTurn & { endIsNew: boolean })[] = [];
  for (const p of kept) {
    const last = merged[merged.length - 1];
    const isNew = p.reassigned === true;
    if (
      last &&
      (isNew || last.endIsNew) &&
      last.speaker === p.speaker &&
      p.start - last.end <= TURN_GAP_SEC
    ) {
      if (p.end >= last.end) [last.end, last.endIsNew] = [p.end, isNew];
    } else {
      merged.push({ speaker: p.speaker, start: p.start, end: p.end, endIsNew: isNew });
    }
  }
  return merged.map((t) => ({
    speaker: t.speaker,
    start: round3(t.start),
    end: round3(t.end),
    overlap: merged.some(
      (o) => o.speaker !== t.speaker && Math.min(o.end, t.end) - Math.max(o.start, t.start) > 0,
    ),
  }));
}
