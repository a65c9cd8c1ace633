// The analysis work of the 'video' step and of start-physiology: faces (analyzeFaces) and
// physiology (rPPG on the tracked faces' skin), turned into what the table stores.
import {
  EMOTIONS,
  analyzeFaces,
  estimatePhysiology,
  skinColour,
  trackFacesForSkin,
  type LipSyncWindow,
  type FaceTemplate,
  type RgbSample,
  type VideoFaceAnalysis,
} from '@parley/analysis';
import type { StoredFrame, StoredPhysiology } from '../../platform/db/schema.js';

export const VIDEO_ENGINE = 'Human 3.3.6 (tfjs wasm)';
export const VIDEO_MODELS = 'blazeface, facemesh+iris, emotion, faceres; rPPG POS';
/** A person needs this much skin trace for a heart rate (the library's windows are 10 s). */
const MIN_PHYSIOLOGY_SEC = 10;

const round = (v: number, digits = 1) => Math.round(v * 10 ** digits) / 10 ** digits;

/** Per frame, per face: [personId, pose class, yaw, pitch, emotion scores] (see StoredFrame). */
export function compactFrames(frames: VideoFaceAnalysis['frames']): StoredFrame[] {
  return frames.map((frame) => ({
    t: round(frame.t, 2),
    f: frame.faces.map((face) => [
      face.personId,
      face.headPose.class,
      round(face.headPose.yaw),
      round(face.headPose.pitch),
      EMOTIONS.map((e) => round(face.emotions[e], 3)),
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
): Promise<VideoFaceAnalysis> {
  return analyzeFaces(file, {
    fps,
    onFrame: (t) => on.progress(durationSec > 0 ? Math.min(1, t / durationSec) : 0),
    onLipSyncWindow: on.lipSyncWindow,
    ...(candidate ? { template: candidate } : {}),
  });
}

/**
 * The skin colour of each tracked face at `fps`, the face models running at `faceFps` and the
 * skin regions carried by the face's motion between (trackFacesForSkin), with progress per
 * frame so a long meeting's status moves; then physiology per person with enough trace.
 */
export async function analyzePhysiology(
  file: string,
  rates: { fps: number; faceFps: number },
  durationSec: number,
  onProgress: (fraction: number) => void,
): Promise<StoredPhysiology> {
  const { fps } = rates;
  const persons = new Map<string, RgbSample[]>();
  for await (const { frame, faces } of trackFacesForSkin(file, rates)) {
    for (const face of faces) {
      const colour = skinColour(frame, face.mesh);
      if (!colour) continue;
      const samples = persons.get(face.personId) ?? [];
      samples.push({ t: frame.t, r: colour.r, g: colour.g, b: colour.b });
      persons.set(face.personId, samples);
    }
    if (durationSec > 0) onProgress(Math.min(1, frame.t / durationSec));
  }
  return {
    fps,
    persons: [...persons.entries()]
      .filter(([, samples]) => samples.length >= MIN_PHYSIOLOGY_SEC * fps)
      .map(([personId, samples]) => ({
        personId,
        result: estimatePhysiology({ fps, samples }) as unknown as Record<string, unknown>,
      })),
  };
}
