// The 0.25 s blocks of speech with their speaker labels, and the 1.5 s windows over them that
// both labelling paths (voice statistics, learned embeddings) embed and cluster.
import type { BlockStats } from './features.js';

export const WINDOW_BLOCKS = 6; // 1.5 s
const HOP_BLOCKS = 3; // 0.75 s

export interface Labelled {
  block: BlockStats;
  /** Part of the block inside speech, clipped to its VAD segment. */
  start: number;
  end: number;
  segment: number;
  label: number;
}

export interface Window {
  from: number;
  to: number;
}

/** Windows of WINDOW_BLOCKS blocks every HOP_BLOCKS inside each VAD segment; a short segment is one. */
export function windowsOf(items: readonly Labelled[]): Window[] {
  const windows: Window[] = [];
  let i = 0;
  while (i < items.length) {
    let j = i;
    while (j < items.length && items[j]!.segment === items[i]!.segment) j++;
    if (j - i <= WINDOW_BLOCKS) windows.push({ from: i, to: j });
    else
      for (let w = i; w < j; w += HOP_BLOCKS) {
        windows.push({ from: w, to: Math.min(j, w + WINDOW_BLOCKS) });
        if (w + WINDOW_BLOCKS >= j) break; // this window reaches the segment's end
      }
    i = j;
  }
  return windows;
}

/** Block labels from window labels: each block takes the window whose centre is nearest. */
export function initialLabelsFrom(
  items: readonly Labelled[],
  windows: readonly Window[],
  ids: readonly number[],
): number[] {
  const labels = new Array<number>(items.length).fill(0);
  windows.forEach((w, wi) => {
    const centre = (w.from + w.to - 1) / 2;
    for (let t = w.from; t < w.to; t++) {
      const prev = windows[wi - 1];
      const prevCentre = prev ? (prev.from + prev.to - 1) / 2 : -Infinity;
      if (prev && t < prev.to && Math.abs(t - prevCentre) <= Math.abs(t - centre)) continue;
      labels[t] = ids[wi]!;
    }
  });
  return labels;
}

/** Renumbers labels densely, dropping empty clusters; returns the new count. */
export function compact(items: Labelled[]): number {
  const map = new Map<number, number>();
  for (const x of items) {
    if (!map.has(x.label)) map.set(x.label, map.size);
    x.label = map.get(x.label)!;
  }
  return map.size;
}
