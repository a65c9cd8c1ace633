// Small measurements on one face's mesh and on the sound track, shared by lip sync,
// truthfulness and the skin trace.
import { decodePcm, SAMPLE_RATE } from '../decode.js';
import type { RawFace } from './types.js';

type Mesh = RawFace['mesh'];
const dist = (m: Mesh, a: number, b: number) =>
  Math.hypot(m[a]![0] - m[b]![0], m[a]![1] - m[b]![1]);

/** Inner-lip gap (points 13, 14) over face height (forehead 10 to chin 152): 0 closed, ~0.15 wide open. */
export function mouthOpening(mesh: Mesh): number | undefined {
  if (mesh.length < 468) return undefined;
  const height = dist(mesh, 10, 152);
  return height > 0 ? dist(mesh, 13, 14) / height : undefined;
}

/** Eye aspect ratio averaged over both eyes: ~0.3 open, below EYES_CLOSED_EAR closed. */
export function eyeAspectRatio(mesh: Mesh): number | undefined {
  if (mesh.length < 468) return undefined;
  const ear = (p1: number, p2: number, p3: number, p4: number, p5: number, p6: number) => {
    const w = dist(mesh, p1, p4);
    return w > 0 ? (dist(mesh, p2, p6) + dist(mesh, p3, p5)) / (2 * w) : 0;
  };
  return (ear(33, 160, 158, 133, 153, 144) + ear(362, 385, 387, 263, 373, 380)) / 2;
}
export const EYES_CLOSED_EAR = 0.18;

/** Pearson correlation, undefined when either series is constant or too short. */
export function pearson(xs: number[], ys: number[]): number | undefined {
  const n = Math.min(xs.length, ys.length);
  if (n < 3) return undefined;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += xs[i]!;
    my += ys[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = xs[i]! - mx;
    const dy = ys[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : undefined;
}

/** Mean square of the 16 kHz sound in 20 ms blocks: 3,600 numbers an hour, streamed from ffmpeg. */
export const ENERGY_BLOCK_SEC = 0.02;

export class VoiceEnergy {
  private constructor(private readonly blocks: Float32Array) {}

  static async of(file: string): Promise<VoiceEnergy> {
    const out: number[] = [];
    for await (const frame of decodePcm(file, {
      frameSamples: Math.round(SAMPLE_RATE * ENERGY_BLOCK_SEC),
    })) {
      let sum = 0;
      for (const s of frame) sum += s * s;
      out.push(sum / frame.length);
    }
    return new VoiceEnergy(Float32Array.from(out));
  }

  /** RMS over [start, end) seconds; 0 outside the recording. */
  rms(start: number, end: number): number {
    const from = Math.max(0, Math.floor(start / ENERGY_BLOCK_SEC));
    const to = Math.min(this.blocks.length, Math.ceil(end / ENERGY_BLOCK_SEC));
    if (to <= from) return 0;
    let sum = 0;
    for (let i = from; i < to; i++) sum += this.blocks[i]!;
    return Math.sqrt(sum / (to - from));
  }
}
