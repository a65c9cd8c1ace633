/** Puts a trace with dropped frames back on an even time grid. */
import type { RgbColour, RgbSample, RgbTrace } from './types.js';

/** A step longer than this many frame periods is a gap (a dropped frame or a lost face). */
const GAP_FRAMES = 1.5;

/**
 * The samples on the grid t0 + i/fps, linearly interpolated across gaps. The spectral and
 * beat code counts frames, so a face trace that skips the frames where the face was lost
 * would otherwise read a faster pulse. An evenly spaced trace is returned as it is.
 */
export function evenlySpaced(trace: RgbTrace): RgbTrace {
  const { fps, samples } = trace;
  const period = 1 / fps;
  const even = samples.every((s, i) => i === 0 || s.t - samples[i - 1]!.t <= GAP_FRAMES * period);
  if (even || samples.length < 2) return trace;
  const t0 = samples[0]!.t;
  const count = Math.floor((samples.at(-1)!.t - t0) * fps + 1e-9) + 1;
  const out: RgbSample[] = [];
  let j = 0;
  for (let i = 0; i < count; i++) {
    const t = t0 + i * period;
    while (j + 2 < samples.length && samples[j + 1]!.t < t) j++;
    const a = samples[j]!;
    const b = samples[j + 1]!;
    const w = b.t > a.t ? Math.max(0, Math.min(1, (t - a.t) / (b.t - a.t))) : 0;
    const mix = (x: RgbColour, y: RgbColour): RgbColour => ({
      r: x.r + w * (y.r - x.r),
      g: x.g + w * (y.g - x.g),
      b: x.b + w * (y.b - x.b),
    });
    const sample: RgbSample = { t, ...mix(a, b) };
    if (a.regions && b.regions && a.regions.length === b.regions.length)
      sample.regions = a.regions.map((x, k) => mix(x, b.regions![k]!));
    out.push(sample);
  }
  return { fps, samples: out };
}
