// The colour of a face's skin over time, for physiology (rPPG): per sampled frame and per
// tracked person, the mean R, G, B of the forehead and both cheeks (eyes, brows and mouth
// lie outside these regions by construction).
import { DEFAULT_MAX_SIDE, sampleFrames } from './frames.js';
import { detectRaw, getHuman } from './human.js';
import { FaceTracker } from './track.js';
import type { Frame } from './types.js';

/** Mesh points (MediaPipe face mesh numbering) whose convex hulls are the skin regions. */
export const SKIN_REGIONS = {
  forehead: [107, 66, 69, 109, 10, 338, 299, 296, 336, 9],
  leftCheek: [118, 119, 100, 126, 209, 49, 129, 203, 205, 50],
  rightCheek: [347, 348, 329, 355, 429, 279, 358, 423, 425, 280],
} as const;

export interface SkinSample {
  t: number;
  r: number;
  g: number;
  b: number;
  /** Pixels averaged (all three regions). */
  pixels: number;
  /**
   * Each region's own mean colour, in SKIN_REGIONS order (forehead, left cheek, right cheek),
   * for the physiology estimator to fuse by signal quality. A region that is not visible in
   * this frame (turned away, out of the picture) repeats the whole-skin mean.
   */
  regions?: { r: number; g: number; b: number }[];
}

export interface SkinTrace {
  fps: number;
  persons: { personId: string; samples: SkinSample[] }[];
}

type Point = [number, number];

/** Convex hull (Andrew's monotone chain), counter-clockwise in image coordinates. */
export function convexHull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (pts: Point[]) => {
    const out: Point[] = [];
    for (const pt of pts) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, pt) <= 0)
        out.pop();
      out.push(pt);
    }
    out.pop();
    return out;
  };
  return [...half(p), ...half([...p].reverse())];
}

function insideConvex(hull: Point[], x: number, y: number): boolean {
  for (let i = 0; i < hull.length; i++) {
    const [ax, ay] = hull[i]!;
    const [bx, by] = hull[(i + 1) % hull.length]!;
    if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) return false;
  }
  return true;
}

/** Mean colour of the skin regions of one face in a frame, or undefined when none is visible. */
export function skinColour(frame: Frame, mesh: Point[]): Omit<SkinSample, 't'> | undefined {
  if (mesh.length < 468) return undefined;
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  const perRegion: { r: number; g: number; b: number; n: number }[] = [];
  for (const indices of Object.values(SKIN_REGIONS)) {
    const own = { r: 0, g: 0, b: 0, n: 0 };
    perRegion.push(own);
    const hull = convexHull(indices.map((i) => mesh[i]!));
    if (hull.length < 3) continue;
    const xs = hull.map((p) => p[0]);
    const ys = hull.map((p) => p[1]);
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(frame.width - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(frame.height - 1, Math.ceil(Math.max(...ys)));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        if (!insideConvex(hull, x + 0.5, y + 0.5)) continue;
        const at = (y * frame.width + x) * 3;
        own.r += frame.rgb[at]!;
        own.g += frame.rgb[at + 1]!;
        own.b += frame.rgb[at + 2]!;
        own.n++;
      }
    r += own.r;
    g += own.g;
    b += own.b;
    n += own.n;
  }
  if (n === 0) return undefined;
  const whole = { r: r / n, g: g / n, b: b / n };
  const regions = perRegion.map((p) =>
    p.n > 0 ? { r: p.r / p.n, g: p.g / p.n, b: p.b / p.n } : whole,
  );
  return { ...whole, pixels: n, regions };
}

/** Skin colour per tracked person at `fps` frames a second (physiology wants 15 or more). */
export async function faceSkinTrace(
  file: string,
  opts: { fps: number; maxSide?: number },
): Promise<SkinTrace> {
  const human = await getHuman();
  const tracker = new FaceTracker((a, b) => human.match.similarity(a, b));
  const persons = new Map<string, SkinSample[]>();
  for await (const frame of sampleFrames(file, {
    fps: opts.fps,
    maxSide: opts.maxSide ?? DEFAULT_MAX_SIDE,
  })) {
    const faces = await detectRaw(frame.rgb, frame.width, frame.height);
    const ids = tracker.assign(frame.t, faces);
    faces.forEach((face, i) => {
      const colour = skinColour(frame, face.mesh);
      if (!colour) return;
      const id = ids[i]!;
      const samples = persons.get(id) ?? [];
      samples.push({ t: frame.t, ...colour });
      persons.set(id, samples);
    });
  }
  return {
    fps: opts.fps,
    persons: [...persons.entries()].map(([personId, samples]) => ({ personId, samples })),
  };
}
