import type { Segment } from './vad.js';

/**
 * Cuts a recording into pieces of at most `maxSec` for speech-to-text, cutting only in the
 * silences between VAD segments so no word is split. A single segment longer than `maxSec`
 * (someone talking without pause) is cut hard; the recogniser loses at most a word there.
 * Silence between pieces is skipped altogether: it is where pocketsphinx invents words.
 */
export function planPieces(speech: readonly Segment[], maxSec = 30, padSec = 0.2): Segment[] {
  const pieces: Segment[] = [];
  let current: Segment | undefined;
  for (const s of speech) {
    const seg = { start: Math.max(0, s.start - padSec), end: s.end + padSec };
    if (current && seg.end - current.start <= maxSec) {
      current.end = seg.end;
      continue;
    }
    if (current) pieces.push(current);
    // Hard cuts for a monologue longer than one piece.
    while (seg.end - seg.start > maxSec) {
      pieces.push({ start: seg.start, end: seg.start + maxSec });
      seg.start += maxSec;
    }
    current = seg;
  }
  if (current) pieces.push(current);
  return pieces;
}

/** Runs `task` over `items` with at most `limit` running at once, keeping order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
