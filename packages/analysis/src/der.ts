// Diarization error rate, the NIST md-eval definition computed on a 10 ms grid.

export interface LabelledSegment {
  speaker: string;
  start: number;
  end: number;
}

export interface DerResult {
  /** (missed + falseAlarm + confusion) / reference speech; seconds below. */
  der: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** Scored reference speech: Σ over scored time of the number of reference speakers. */
  reference: number;
  /** Hypothesis speaker → reference speaker, the mapping that maximises matched time. */
  mapping: Record<string, string>;
}

const STEP = 0.01;

/** Best one-to-one assignment maximising `gain[h][r]`, by exhaustive search (≤ 8 speakers). */
function bestMapping(gain: number[][], refCount: number): number[] {
  let best: number[] = gain.map(() => -1);
  let bestSum = -1;
  const used = new Array<boolean>(refCount).fill(false);
  const current: number[] = [];
  const search = (h: number, sum: number): void => {
    if (h === gain.length) {
      if (sum > bestSum) [bestSum, best] = [sum, current.slice()];
      return;
    }
    for (let r = -1; r < refCount; r++) {
      if (r >= 0 && used[r]) continue;
      if (r >= 0) used[r] = true;
      current.push(r);
      search(h + 1, sum + (r >= 0 ? gain[h]![r]! : 0));
      current.pop();
      if (r >= 0) used[r] = false;
    }
  };
  search(0, 0);
  return best;
}

/**
 * Diarization error rate of `hypothesis` against `reference`, with the speakers mapped
 * one-to-one to maximise agreement. `collarSec` is the no-score zone on each side of every
 * reference boundary (NIST uses 0.25 s); overlapped speech is scored, as in md-eval.
 */
export function diarizationErrorRate(
  reference: readonly LabelledSegment[],
  hypothesis: readonly LabelledSegment[],
  collarSec = 0.25,
): DerResult {
  const end = Math.max(0, ...reference.map((s) => s.end), ...hypothesis.map((s) => s.end));
  const steps = Math.ceil(end / STEP);
  const refNames = [...new Set(reference.map((s) => s.speaker))];
  const hypNames = [...new Set(hypothesis.map((s) => s.speaker))];
  const activity = (segs: readonly LabelledSegment[], names: string[]): Uint8Array[] =>
    names.map((name) => {
      const on = new Uint8Array(steps);
      for (const s of segs)
        if (s.speaker === name)
          for (let i = Math.round(s.start / STEP); i < Math.round(s.end / STEP); i++) on[i] = 1;
      return on;
    });
  const ref = activity(reference, refNames);
  const hyp = activity(hypothesis, hypNames);
  const scored = new Uint8Array(steps).fill(1);
  if (collarSec > 0)
    for (const s of reference)
      for (const edge of [s.start, s.end])
        for (
          let i = Math.max(0, Math.round((edge - collarSec) / STEP));
          i < Math.min(steps, Math.round((edge + collarSec) / STEP));
          i++
        )
          scored[i] = 0;

  const gain = hypNames.map((_, h) =>
    refNames.map((_, r) => {
      let n = 0;
      for (let i = 0; i < steps; i++) if (scored[i] && hyp[h]![i] && ref[r]![i]) n++;
      return n;
    }),
  );
  const map = bestMapping(gain, refNames.length);
  let missed = 0;
  let falseAlarm = 0;
  let confusion = 0;
  let total = 0;
  for (let i = 0; i < steps; i++) {
    if (!scored[i]) continue;
    let nRef = 0;
    let nHyp = 0;
    let correct = 0;
    for (const r of ref) nRef += r[i]!;
    hyp.forEach((h, hi) => {
      if (!h[i]) return;
      nHyp++;
      const r = map[hi]!;
      if (r >= 0 && ref[r]![i]) correct++;
    });
    total += nRef;
    missed += Math.max(0, nRef - nHyp);
    falseAlarm += Math.max(0, nHyp - nRef);
    confusion += Math.min(nRef, nHyp) - correct;
  }
  const mapping: Record<string, string> = {};
  map.forEach((r, h) => {
    if (r >= 0) mapping[hypNames[h]!] = refNames[r]!;
  });
  return {
    der: total > 0 ? (missed + falseAlarm + confusion) / total : 0,
    missed: missed * STEP,
    falseAlarm: falseAlarm * STEP,
    confusion: confusion * STEP,
    reference: total * STEP,
    mapping,
  };
}

/** The reference restricted to detected speech, one speaker per instant (the earliest turn's). */
export function singleVoiceOracle(
  reference: readonly LabelledSegment[],
  speech: readonly { start: number; end: number }[],
): LabelledSegment[] {
  const end = Math.max(0, ...reference.map((r) => r.end));
  const out: LabelledSegment[] = [];
  const sorted = [...reference].sort((a, b) => a.start - b.start);
  for (let i = 0; i * STEP < end; i++) {
    const t = (i + 0.5) * STEP;
    if (!speech.some((s) => s.start <= t && t < s.end)) continue;
    const r = sorted.find((x) => x.start <= t && t < x.end);
    if (!r) continue;
    const last = out[out.length - 1];
    if (last && last.speaker === r.speaker && Math.abs(last.end - i * STEP) < 1e-6)
      last.end = (i + 1) * STEP;
    else out.push({ speaker: r.speaker, start: i * STEP, end: (i + 1) * STEP });
  }
  return out;
}

/** Speaker turns of an RTTM document (NIST's `SPEAKER file chan start dur … name …` lines). */
export function parseRttm(text: string): LabelledSegment[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('SPEAKER'))
    .map((l) => {
      const f = l.trim().split(/\s+/);
      const start = Number(f[3]);
      return { start, end: start + Number(f[4]), speaker: f[7] ?? '' };
    });
}
