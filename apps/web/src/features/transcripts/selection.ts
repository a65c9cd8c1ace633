import { formatHms } from '@parley/contracts';
import type { TranscriptBlock } from './model';

/**
 * A range of dialogue blocks picked in the transcript (spec 2 §2 "a selected range of blocks"):
 * the first block picked stays the anchor, the last one picked sets the other end.
 */
export interface BlockRange {
  anchor: number;
  focus: number;
}

/** The moment a range covers: from its first block's start to its last block's end, and its words. */
export interface TranscriptMoment {
  start: number;
  end: number;
  /** The selected blocks' words, each block as 'Name: words'. */
  text: string;
  /** How the range reads: '00:01:02 – 00:01:40'. */
  label: string;
}

export const rangeBounds = (r: BlockRange) =>
  [Math.min(r.anchor, r.focus), Math.max(r.anchor, r.focus)] as const;

export function inRange(r: BlockRange | null, block: number): boolean {
  if (!r) return false;
  const [from, to] = rangeBounds(r);
  return block >= from && block <= to;
}

/**
 * Picking block `i`: with nothing selected it starts a range; otherwise the range now ends at
 * `i` (the anchor stays). Picking the only selected block again clears the selection.
 */
export function pickBlock(r: BlockRange | null, i: number): BlockRange | null {
  if (!r) return { anchor: i, focus: i };
  if (r.anchor === i && r.focus === i) return null;
  return { anchor: r.anchor, focus: i };
}

export function momentOf(
  blocks: readonly TranscriptBlock[],
  r: BlockRange,
): TranscriptMoment | null {
  const [from, to] = rangeBounds(r);
  const picked = blocks.slice(from, to + 1);
  const first = picked[0];
  const last = picked.at(-1);
  if (!first || !last) return null;
  const start = first.start;
  // A block's end is its last word's end; one without timed words still covers a second.
  const end = Math.max(last.end, start + 1);
  const text = picked.map((b) => `${b.name}: ${b.words.map((w) => w.word).join(' ')}`).join('\n');
  return { start, end, text, label: `${formatHms(start)} – ${formatHms(end)}` };
}
