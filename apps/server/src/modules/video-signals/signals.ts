// The analysis work of the 'video' step and of start-physiology: faces (analyzeFaces) and
// physiology (rPPG on the tracked faces' skin), turned into what the table stores.
import {
  EMOTIONS,
  analyzeFaces,
  estimatePhysiology,
  skinColour,
  trackFaces,
  type LipSyncWindow,
  type SkinTrackedFrame,
  type FaceTemplate,
  type RgbSample,
  type VideoFaceAnalysis,
} from '@parley/analysis';
import type { StoredFrame, StoredPhysiology } from '../../platform/db/schema.js';

export const VIDEO_ENGINE = 'Human 3.3.6 (tfjs wasm)';
export const VIDEO_MODELS =
  'blazeface, facemesh+iris, emotion, faceres; rPPG POS/CHROM/GREEN by signal quality';
/** A person needs this much skin trace for a heart rate (the library's windows are 10 s). */
const MIN_PHYSIOLOGY_SEC = 10;

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Per frame, per face: [personId, pose class, yaw, pitch, emotion scores] (see StoredFrame);
 * no scores when emotion inference was off.
 */
export function compactFrames(frames: VideoFaceAnalysis['frames']): StoredFrame[] {
  return frames.map((frame) => ({
    t: round(frame.t, 2),
    f: frame.faces.map((face) => [
      face.personId,
      face.headPose.class,
      round(face.headPose.yaw),
      round(face.headPose.pitch),
      face.emotions ? EMOTIONS.map((e) => round(face.emotions![e], 3)) : [],
    ]),
  }));
}

/** analyzeFaces' result without the per-frame list (kept compact in `frames`). */
export function summaryOf(video: VideoFaceAnalysis): Record<string, unknown> {
  const { frames: _frames, ...summary } = video;
  return summary as unknown as Record<string, unknown>;
}

export async function analyzeVideoFaces(
  file: string,
  fps: number,
  durationSec: number,
  on: {
    progress(fraction: number): void;
    /** Each live lip-sync window as the frames pass its end; leave out to compute none. */
    lipSyncWindow?(w: LipSyncWindow): void;
  },
  /** The registered candidate's face: proctoring then flags frames where it is not seen. */
  candidate: FaceTemplate | null = null,
  /** False when the organisation switched emotion inference off: the model is not run. */
  emotions = true,
  /** Physiology's skin trace from the same decode (sharesFacePass(fps, skin.fps) must hold). */
  skin?: SkinTrace,
  /** Ends the pass (and its ffmpeg) at the next frame once the job is given back. */
  signal?: AbortSignal,
): Promise<VideoFaceAnalysis> {
  return analyzeFaces(file, {
    fps,
    emotions,
    onFrame: (t) => on.progress(durationSec > 0 ? Math.min(1, t / durationSec) : 0),
    onLipSyncWindow: on.lipSyncWindow,
    signal,
    ...(candidate ? { template: candidate } : {}),
    ...(skin ? { skin: { fps: skin.fps, onFrame: (f) => skin.add(f) } } : {}),
  });
}

/** Each tracked person's skin colour over time, then physiology for those with enough. */
export class SkinTrace {
  private readonly persons = new Map<string, RgbSample[]>();

  constructor(readonly fps: number) {}

  add({ frame, faces }: SkinTrackedFrame): void {
    for (const face of faces) {
      const colour = skinColour(frame, face.mesh);
      if (!colour) continue;
      const samples = this.persons.get(face.personId) ?? [];
      samples.push({ t: frame.t, r: colour.r, g: colour.g, b: colour.b, regions: colour.regions });
      this.persons.set(face.personId, samples);
    }
  }

  physiology(): StoredPhysiology {
    const { fps } = this;
    return {
      fps,
      persons: [...this.persons.entries()]
        .filter(([, samples]) => samples.length >= MIN_PHYSIOLOGY_SEC * fps)
        .map(([personId, samples]) => ({
          personId,
          result: estimatePhysiology({ fps, samples }) as unknown as Record<string, unknown>,
        })),
    };
  }
}

/**
 * Physiology alone (start-physiology, or a face pass at a rate the skin trace cannot share):
 * the skin colour of each tracked face at `fps`, the face models running at `faceFps` and the
 * skin regions carried by the face's motion between (trackFaces), with progress per frame.
 */
export async function analyzePhysiology(
  file: string,
  rates: { fps: number; faceFps: number },
  durationSec: number,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<StoredPhysiology> {
  const trace = new SkinTrace(rates.fps);
  // The skin trace reads no expression: the emotion model is not run.
  for await (const tracked of trackFaces(file, { ...rates, emotions: false, signal })) {
    trace.add(tracked);
    if (durationSec > 0) onProgress(Math.min(1, tracked.frame.t / durationSec));
  }
  return trace.physiology();
}
