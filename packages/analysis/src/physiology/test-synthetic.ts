// Synthetic skin colour traces for the physiology tests: a known pulse (or none) under sensor
// noise, slow light drift, in four regions. Seeded, so every run draws the same noise.
import type { RgbSample } from './types.js';

export interface SynthOptions {
  sec: number;
  fps: number;
  /** Pulse rate, or null for a trace without a pulse. */
  bpm: number | null;
  /** Pulse amplitude in green levels (of 255) per region; red and blue follow as in skin. */
  amplitude: number;
  /** Standard deviation of each region's independent sensor noise, levels. */
  noise: number;
  /** Regions that carry the pulse (the others are noise only); all four by default. */
  pulsingRegions?: number;
  seed?: number;
}

/** A Park–Miller style generator with Box–Muller normals. */
export function seededNormal(seed: number): () => number {
  let state = seed;
  const uniform = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  return () => Math.sqrt(-2 * Math.log(uniform() + 1e-12)) * Math.cos(2 * Math.PI * uniform());
}

/**
 * How much red and blue dim with the pulse relative to green: the blood-volume-pulse
 * signature of skin (de Haan & van Leest 2014: normalised [0.33, 0.77, 0.53]).
 */
const PBV = { r: 0.33 / 0.77, b: 0.53 / 0.77 };

export function synthTrace(o: SynthOptions): RgbSample[] {
  const normal = seededNormal(o.seed ?? 7);
  const pulsing = o.pulsingRegions ?? 4;
  const samples: RgbSample[] = [];
  for (let i = 0; i < Math.round(o.sec * o.fps); i++) {
    const t = i / o.fps;
    const phase = o.bpm === null ? 0 : 2 * Math.PI * (o.bpm / 60) * t;
    // A pulse wave with a second harmonic (the dicrotic notch) at 40 % amplitude.
    const wave = o.bpm === null ? 0 : Math.sin(phase) + 0.4 * Math.sin(2 * phase + 1);
    // Light drifting by ±3 levels over 20 s, common to all regions.
    const drift = 3 * Math.sin(2 * Math.PI * 0.05 * t);
    const regions = [0, 1, 2, 3].map((r) => {
      const p = r < pulsing ? o.amplitude * wave : 0;
      return {
        r: 150 + drift - PBV.r * p + o.noise * normal(),
        g: 100 + drift - p + o.noise * normal(),
        b: 80 + drift - PBV.b * p + o.noise * normal(),
      };
    });
    const mean = (k: 'r' | 'g' | 'b') => regions.reduce((s, x) => s + x[k], 0) / regions.length;
    samples.push({ t, r: mean('r'), g: mean('g'), b: mean('b'), regions });
  }
  return samples;
}
