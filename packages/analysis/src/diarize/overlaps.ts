// Overlapped speech in a diarization: extra turns for stretches that fit two speakers.
import type { DiarizedTurn } from './diarize.js';
import type { Labelled } from './windows.js';

// A block is ambiguous when, per frame, its best speaker beats the second by less than this
// many nats; see markOverlap.
const AMBIGUOUS_NATS_PER_FRAME = 0.35;

/**
 * Overlapped speech. One microphone gives no direct evidence of two voices, so a stretch
 * counts as overlap when at least two consecutive blocks (≥ 0.5 s) fit the labelled speaker
 * and another speaker about equally well (a mixture sits between both models) while that
 * other speaker also talks within 2 s. The other speaker then gets a turn of its own over
 * the stretch, overlapping the labelled one, and both are flagged. It finds overlaps at
 * turn changes and back-channel ("mm", "yeah") over someone else; it misses overlaps where
 * one voice dominates. Returns the turns in order of start.
 */
export function addOverlaps(
  turns: DiarizedTurn[],
  items: readonly Labelled[],
  emissions: number[][],
  names: string[],
): DiarizedTurn[] {
  const ambiguous: { start: number; end: number; other: string }[] = [];
  let run: { start: number; end: number; other: number; count: number } | undefined;
  items.forEach((x, t) => {
    const e = emissions[t]!;
    const own = e[x.label]!;
    let other = -1;
    for (let s = 0; s < e.length; s++)
      if (s !== x.label && (other < 0 || e[s]! > e[other]!)) other = s;
    const close =
      other >= 0 && x.block.n > 0 && (own - e[other]!) / x.block.n < AMBIGUOUS_NATS_PER_FRAME;
    if (close && run && run.other === other && x.start - run.end < 0.05) {
      run.end = x.end;
      run.count++;
    } else {
      if (run && run.count >= 2)
        ambiguous.push({ start: run.start, end: run.end, other: names[run.other]! });
      run = close ? { start: x.start, end: x.end, other, count: 1 } : undefined;
    }
  });
  if (run && run.count >= 2)
    ambiguous.push({ start: run.start, end: run.end, other: names[run.other]! });
  const added: DiarizedTurn[] = [];
  for (const a of ambiguous) {
    const near = turns.some(
      (t) => t.speaker === a.other && t.start < a.end + 2 && t.end > a.start - 2,
    );
    if (!near) continue;
    let covered = false;
    for (const t of turns)
      if (t.speaker !== a.other && t.start < a.end && t.end > a.start) {
        t.overlap = true;
        covered = true;
      }
    if (covered) added.push({ speaker: a.other, start: a.start, end: a.end, overlap: true });
  }
  return mergeSameSpeaker([...turns, ...added]);
}

/** Turns sorted by start, a speaker's touching or overlapping turns joined into one. */
function mergeSameSpeaker(turns: readonly DiarizedTurn[]): DiarizedTurn[] {
  const out: DiarizedTurn[] = [];
  const open = new Map<string, DiarizedTurn>();
  for (const t of [...turns].sort((a, b) => a.start - b.start || a.end - b.end)) {
    const last = open.get(t.speaker);
    if (last && t.start <= last.end + 1e-6) {
      last.end = Math.max(last.end, t.end);
      if (t.overlap) last.overlap = true;
      continue;
    }
    const copy = { ...t };
    out.push(copy);
    open.set(t.speaker, copy);
  }
  return out;
}
