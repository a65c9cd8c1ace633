import { decodeAll, MediaError, SAMPLE_RATE } from './decode.js';
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

/** A recording ready for an engine: its samples, its length and the pieces to send. */
export interface PiecedAudio {
  pcm: Float32Array;
  durationSec: number;
  pieces: Segment[];
}

/**
 * The preamble every engine shares: decode a file (or take samples), refuse empty audio,
 * and plan pieces over the speech (the whole recording when no VAD was given),
 * clipped to the recording's end.
 */
export async function prepareAudio(
  input: Float32Array | string,
  opts: { speech?: readonly Segment[]; maxPieceSec?: number },
  maxPieceCapSec = Infinity,
): Promise<PiecedAudio> {
  const pcm = typeof input === 'string' ? await decodeAll(input) : input;
  const durationSec = pcm.length / SAMPLE_RATE;
  if (durationSec === 0) throw new MediaError('no audio to transcribe', 'no-audio');
  const whole: Segment[] = [{ start: 0, end: durationSec }];
  const maxSec = Math.min(opts.maxPieceSec ?? 30, maxPieceCapSec);
  const pieces = planPieces(opts.speech ?? whole, maxSec).map((p) => ({
    start: p.start,
    end: Math.min(p.end, durationSec),
  }));
  return { pcm, durationSec, pieces };
}
