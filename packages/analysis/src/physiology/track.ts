/** The most plausible heart-rate course through a sequence of window spectra (Viterbi). */

/**
 * How far the rate may move between two windows 2 s apart, as the standard deviation of a
 * Gaussian step, bpm. A seated person's heart rate swings about ±5 bpm with breathing
 * (respiratory sinus arrhythmia) and rises by some 10 bpm over several seconds when aroused;
 * the 10 s windows average most of that, so 6 bpm (the rate resolution of one window) lets
 * real changes through while a jump to an unrelated noise peak costs much more.
 */
export const STEP_SIGMA_BPM = 6;

/**
 * Floor added to each window's scores before taking logs, as a share of a flat spectrum's
 * score: a window that is all noise (or all zeros) then barely pulls the path either way
 * instead of forbidding rates.
 */
const SCORE_FLOOR = 0.05;

/**
 * Bins (of `scores[w]`, within [from, to]) of the path that maximises the summed log score
 * minus the Gaussian step penalty between consecutive windows. No prior on the rate itself:
 * every rate in the searched range is equally likely at the start.
 */
export function trackRates(
  scores: Float64Array[],
  from: number,
  to: number,
  binHz: number,
  stepSigmaBpm = STEP_SIGMA_BPM,
): number[] {
  const states = to - from + 1;
  if (scores.length === 0 || states <= 0) return [];
  const flat = 1 / states;
  const emission = (w: number, s: number) => Math.log(scores[w]![from + s]! + SCORE_FLOOR * flat);
  const binBpm = binHz * 60;
  // Transition cost by distance in bins, beyond 4 sigma treated as the 4-sigma cost (a very
  // large jump is as unlikely as a large one; this keeps the search cheap).
  const reach = Math.min(states - 1, Math.ceil((4 * stepSigmaBpm) / binBpm));
  const cost = Float64Array.from(
    { length: reach + 1 },
    (_, d) => 0.5 * ((d * binBpm) / stepSigmaBpm) ** 2,
  );
  const far = cost[reach]!;
  let prev = Float64Array.from({ length: states }, (_, s) => emission(0, s));
  const back: Int32Array[] = [];
  for (let w = 1; w < scores.length; w++) {
    const next = new Float64Array(states);
    const from_ = new Int32Array(states);
    // The best predecessor beyond reach is the global best plus the far cost.
    const globalBest = argmaxIndex(prev);
    for (let s = 0; s < states; s++) {
      let best = globalBest;
      let bestValue = prev[globalBest]! - far;
      for (let d = -reach; d <= reach; d++) {
        const p = s + d;
        if (p < 0 || p >= states) continue;
        const v = prev[p]! - cost[Math.abs(d)]!;
        if (v > bestValue) {
          bestValue = v;
          best = p;
        }
      }
      next[s] = bestValue + emission(w, s);
      from_[s] = best;
    }
    back.push(from_);
    prev = next;
  }
  const path = new Array<number>(scores.length);
  let s = argmaxIndex(prev);
  for (let w = scores.length - 1; w >= 0; w--) {
    path[w] = from + s;
    if (w > 0) s = back[w - 1]![s]!;
  }
  return path;
}

function argmaxIndex(x: Float64Array): number {
  let best = 0;
  for (let i = 1; i < x.length; i++) if (x[i]! > x[best]!) best = i;
  return best;
}
