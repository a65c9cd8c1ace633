// Faces for the skin-colour trace without running the face models on every frame. The pulse
// needs the skin's colour about ten times a second, but where the face is changes far more
// slowly: the models run at the face rate (a few frames a second) and, on the frames between,
// each face's last mesh is moved by the face's own motion, measured by block matching its
// pixels against the frame it was detected in. The colour itself is still read from every
// frame at its own time; only the regions' position is carried.
import { DEFAULT_MAX_SIDE, sampleFrames } from './frames.js';
import { detectRaw, getHuman } from './human.js';
import { FaceTracker } from './track.js';
import type { Box, Frame, RawFace } from './types.js';

type Point = [number, number];

export interface SkinTrackedFace {
  personId: string;
  /** The face mesh (pixels of this frame): detected, or the last detected one shifted. */
  mesh: Point[];
  /** True when the models ran on this frame; false when the mesh was carried. */
  detected: boolean;
}

export interface SkinTrackedFrame {
  frame: Frame;
  /** In the order of `raw` on detected frames: largest face first. */
  faces: SkinTrackedFace[];
  /** What the models found, on the frames they ran on (largest first); absent on the others. */
  raw?: RawFace[];
}

export interface SkinTrackOptions {
  /** Frames per second of the skin trace. */
  fps: number;
  /**
   * Frames per second the face models run at (never more than `fps`). Between two detections
   * (0.5 s at 2) a seated speaker's face moves a few pixels and turns little, which a
   * translation follows; its expression and pose are what the face pass samples at this rate.
   */
  faceFps: number;
  maxSide?: number;
  /** Run the emotion model (off for a skin trace alone, or when the organisation turned it off). */
  emotions?: boolean;
  /** Ends the pass at the next frame once aborted (SampleOptions.signal). */
  signal?: AbortSignal;
}

/** A frame's brightness (ITU-R BT.601 luma), the only channel the motion estimate reads. */
function luma(frame: Frame): Uint8Array {
  const out = new Uint8Array(frame.width * frame.height);
  const rgb = frame.rgb;
  for (let i = 0, j = 0; i < out.length; i++, j += 3)
    out[i] = (77 * rgb[j]! + 150 * rgb[j + 1]! + 29 * rgb[j + 2]!) >> 8;
  return out;
}

interface KeyFace {
  personId: string;
  mesh: Point[];
  box: Box;
  /** Shift found on the previous frame: the next search starts there (motion is smooth). */
  last: Point;
}

/**
 * Mean absolute luma difference between the key frame's face block and the current frame
 * shifted by (dx, dy), over a grid of the block's pixels; Infinity when under half of the
 * grid falls inside the frame.
 */
function blockCost(
  key: Uint8Array,
  cur: Uint8Array,
  width: number,
  height: number,
  grid: number[],
  dx: number,
  dy: number,
): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < grid.length; i += 2) {
    const x = grid[i]!;
    const y = grid[i + 1]!;
    const sx = x + dx;
    const sy = y + dy;
    if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
    sum += Math.abs(key[y * width + x]! - cur[sy * width + sx]!);
    n++;
  }
  // grid holds x, y pairs: grid.length / 4 is half of its points.
  return n >= grid.length / 4 ? sum / n : Infinity;
}

/**
 * The face's translation from the key frame to this one: a coarse search (2-pixel steps)
 * around the previous frame's shift, then the best neighbour at 1 pixel.
 */
export function estimateShift(
  key: Uint8Array,
  cur: Uint8Array,
  width: number,
  height: number,
  box: Box,
  start: Point = [0, 0],
): Point {
  // The inner 80 % of the face box: its edge holds background, which does not move with it.
  const x0 = Math.max(0, Math.round(box.x + box.width * 0.1));
  const y0 = Math.max(0, Math.round(box.y + box.height * 0.1));
  const x1 = Math.min(width - 1, Math.round(box.x + box.width * 0.9));
  const y1 = Math.min(height - 1, Math.round(box.y + box.height * 0.9));
  if (x1 <= x0 || y1 <= y0) return start;
  // About 32 × 32 samples whatever the face's size: enough texture (eyes, brows, nostrils,
  // mouth) to lock on, and cheap enough for every face of every frame.
  const step = Math.max(1, Math.round(Math.min(x1 - x0, y1 - y0) / 32));
  const grid: number[] = [];
  for (let y = y0; y <= y1; y += step) for (let x = x0; x <= x1; x += step) grid.push(x, y);
  // A head moves at most about a quarter of its width in the half second between detections.
  const reach = Math.max(4, Math.min(48, Math.round(box.width * 0.25)));
  let best: Point = start;
  let bestCost = blockCost(key, cur, width, height, grid, start[0], start[1]);
  for (let dy = -reach; dy <= reach; dy += 2)
    for (let dx = -reach; dx <= reach; dx += 2) {
      const cost = blockCost(key, cur, width, height, grid, start[0] + dx, start[1] + dy);
      if (cost < bestCost) [best, bestCost] = [[start[0] + dx, start[1] + dy], cost];
    }
  const [cx, cy] = best;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (!dx && !dy) continue;
      const cost = blockCost(key, cur, width, height, grid, cx + dx, cy + dy);
      if (cost < bestCost) [best, bestCost] = [[cx + dx, cy + dy], cost];
    }
  return best;
}

/**
 * Every frame at `fps` with its faces and their meshes: the models run on every
 * fps/faceFps-th frame (the first included), and faces are carried by their motion between.
 * Person ids come from the face tracker (track.ts). With faceFps = fps it is the plain face
 * pass (every frame detected), so the face pass and the skin trace can share one decode.
 */
export async function* trackFaces(
  file: string,
  opts: SkinTrackOptions,
): AsyncGenerator<SkinTrackedFrame> {
  const every = Math.max(1, Math.round(opts.fps / Math.min(opts.fps, opts.faceFps)));
  const human = await getHuman();
  const tracker = new FaceTracker((a, b) => human.match.similarity(a, b));
  let keyLuma: Uint8Array | undefined;
  let keyFaces: KeyFace[] = [];
  let index = 0;
  for await (const frame of sampleFrames(file, {
    fps: opts.fps,
    maxSide: opts.maxSide ?? DEFAULT_MAX_SIDE,
    signal: opts.signal,
  })) {
    if (index++ % every === 0) {
      // Largest first, so "the first face" is the main one everywhere downstream.
      const raw = (
        await detectRaw(frame.rgb, frame.width, frame.height, { emotions: opts.emotions ?? true })
      ).sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
      const ids = tracker.assign(frame.t, raw);
      keyFaces = raw.map((face, i) => ({
        personId: ids[i]!,
        mesh: face.mesh,
        box: face.box,
        last: [0, 0],
      }));
      keyLuma = every > 1 && keyFaces.length ? luma(frame) : undefined;
      yield {
        frame,
        faces: keyFaces.map((f) => ({ personId: f.personId, mesh: f.mesh, detected: true })),
        raw,
      };
      continue;
    }
    if (!keyLuma || keyFaces.length === 0) {
      yield { frame, faces: [] };
      continue;
    }
    const cur = luma(frame);
    const faces = keyFaces.map((f): SkinTrackedFace => {
      f.last = estimateShift(keyLuma!, cur, frame.width, frame.height, f.box, f.last);
      const [dx, dy] = f.last;
      return {
        personId: f.personId,
        mesh: f.mesh.map(([x, y]): Point => [x + dx, y + dy]),
        detected: false,
      };
    });
    yield { frame, faces };
  }
}
