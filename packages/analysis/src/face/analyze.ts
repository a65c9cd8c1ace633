// A video's faces, end to end: sample frames, detect, track into persons, then head pose,
// gaze, emotions, demographics, proctoring, lip sync and (experimental) truthfulness.
import { DEFAULT_FPS, DEFAULT_MAX_SIDE, probeVideoInfo, type SampleOptions } from './frames.js';
import { getHuman } from './human.js';
import { lipSync, type LipSyncResult } from './lipsync.js';
import { LipSyncWindower, type LipSyncWindow } from './lipsync-windows.js';
import { eyeAspectRatio, mouthOpening, VoiceEnergy } from './measures.js';
import {
  GAZE_MAX_X,
  GAZE_MAX_Y,
  HEAD_PITCH_THRESHOLD_DEG,
  HEAD_YAW_THRESHOLD_DEG,
  HEAT_MAP_POINT_VALUE,
  gazePoint,
  headPose,
  poseShares,
  type GazePoint,
  type HeadPose,
  type HeadPoseClass,
} from './pose.js';
import { proctor, type ProctoringFrame, type ProctoringResult } from './proctoring.js';
import {
  averageEmotions,
  dominantEmotion,
  emotionScores,
  estimateAge,
  estimateGender,
  EMOTIONS,
  RACE_NOT_ESTIMATED,
  type AgeEstimate,
  type Emotion,
  type EmotionScores,
  type GenderEstimate,
  type RaceResult,
} from './summary.js';
import { EMOTION_RELIABILITY, type EmotionReliability } from './emotion-reliability.js';
import { trackFaces, type SkinTrackedFrame } from './skin-track.js';
import { roundBox } from './track.js';
import {
  truthfulness,
  TRUTHFULNESS_NOTE,
  type BehaviourSample,
  type TruthfulnessResult,
} from './truthfulness.js';
import type { Box } from './types.js';
import { faceTemplate, SAME_PERSON_THRESHOLD, type FaceTemplate } from './verify.js';
import { MediaError } from '../decode.js';

export interface AnalyzeFacesOptions extends SampleOptions {
  /** The registered candidate: proctoring then raises face_mismatch for anyone else. */
  template?: FaceTemplate;
  proctoringWindowSec?: number;
  /** Window of the truthfulness cues, seconds (10 by default). */
  activitySec?: number;
  /**
   * Run the emotion model (true by default). False when the organisation switched emotion
   * inference off: no emotion is computed, and every emotion field is null.
   */
  emotions?: boolean;
  /** Called after each analysed frame with its time, for progress. */
  onFrame?: (t: number) => void;
  /**
   * Called with each live lip-sync window (lipsync-windows.ts) as soon as the frames have
   * passed its end; never called for a video without sound.
   */
  onLipSyncWindow?: (w: LipSyncWindow) => void;
  /**
   * The skin trace's frames from the same decode: every frame at `skin.fps` (a whole multiple
   * of `fps`), with the faces the pass found or, between its frames, carried (skin-track.ts).
   */
  skin?: { fps: number; onFrame(tracked: SkinTrackedFrame): void };
}

/** Whether a skin trace at skinFps can share the face pass at fps (every n-th frame). */
export const sharesFacePass = (fps: number, skinFps: number): boolean =>
  skinFps >= fps && Math.abs(skinFps / fps - Math.round(skinFps / fps)) < 1e-9;

export interface FaceInFrame {
  personId: string;
  box: Box;
  confidence: number;
  headPose: HeadPose;
  gaze: GazePoint;
  /** Null when emotion inference is off. */
  emotions: EmotionScores | null;
  emotion: Emotion | null;
  age: number | null;
  gender: 'male' | 'female' | null;
  genderScore: number | null;
  /** Similarity to the template when one was given. */
  templateSimilarity?: number;
}

export interface PersonSummary {
  personId: string;
  frames: number;
  /** Share of the sampled frames the person was seen in. */
  presence: number;
  firstSeen: number;
  lastSeen: number;
  headPose: Record<HeadPoseClass, number>;
  /** Null when emotion inference is off. */
  emotions: EmotionScores | null;
  dominantEmotion: Emotion | null;
  age: AgeEstimate | null;
  gender: GenderEstimate | null;
  /** The person's face template (averaged embedding), for verification. */
  template: FaceTemplate | null;
}

export interface VideoFaceAnalysis {
  fps: number;
  width: number;
  height: number;
  durationSec: number;
  framesAnalysed: number;
  framesWithFaces: number;
  frames: { t: number; faces: FaceInFrame[] }[];
  persons: PersonSummary[];
  headPose: {
    yawThresholdDeg: number;
    pitchThresholdDeg: number;
    persons: { personId: string; shares: Record<HeadPoseClass, number> }[];
  };
  gaze: {
    max_x: number;
    max_y: number;
    points: GazePoint[];
    heatMap: { x: number; y: number; value: number }[];
  };
  emotions: {
    /** False when emotion inference was off: then there are no persons. */
    computed: boolean;
    labels: readonly Emotion[];
    /** `confidence`: the dominant emotion's average score, 0..1. */
    persons: { personId: string; averages: EmotionScores; dominant: Emotion; confidence: number }[];
    reliability: EmotionReliability;
  };
  demographics: {
    age: { personId: string; estimate: AgeEstimate | null }[];
    gender: { personId: string; estimate: GenderEstimate | null }[];
    race: RaceResult;
  };
  proctoring: ProctoringResult;
  lipSync: { available: boolean; reason?: string; persons: LipSyncResult[] };
  truthfulness: TruthfulnessResult;
}

interface PersonTrack {
  faces: FaceInFrame[];
  embeddings: number[][];
  mouth: { t: number; opening: number }[];
  behaviour: BehaviourSample[];
}

export async function analyzeFaces(
  file: string,
  opts: AnalyzeFacesOptions = {},
): Promise<VideoFaceAnalysis> {
  const info = await probeVideoInfo(file);
  if (!info) throw new MediaError(`no video in ${file}`, 'no-video');
  const fps = opts.fps ?? DEFAULT_FPS;
  const withEmotions = opts.emotions ?? true;
  if (opts.skin && !sharesFacePass(fps, opts.skin.fps))
    throw new Error(`a skin trace at ${opts.skin.fps} fps cannot share a face pass at ${fps}`);
  const human = await getHuman();
  const tracks = new Map<string, PersonTrack>();
  const frames: VideoFaceAnalysis['frames'] = [];
  const proctoringFrames: ProctoringFrame[] = [];
  const points: GazePoint[] = [];
  let width = 0;
  let height = 0;
  // The sound first: live lip-sync windows need the voice level while the frames are read.
  const energy = info.hasAudio ? await VoiceEnergy.of(file) : null;
  const windower = energy && opts.onLipSyncWindow ? new LipSyncWindower(energy) : null;
  for await (const tracked of trackFaces(file, {
    fps: opts.skin?.fps ?? fps,
    faceFps: fps,
    maxSide: opts.maxSide ?? DEFAULT_MAX_SIDE,
    emotions: withEmotions,
    signal: opts.signal,
  })) {
    opts.skin?.onFrame(tracked);
    const { frame, raw } = tracked;
    if (!raw) continue; // a skin-trace frame between two of the face pass
    ({ width, height } = frame);
    const ids = tracked.faces.map((f) => f.personId);
    const faces = raw.map((r, i): FaceInFrame => {
      const personId = ids[i]!;
      const pose = headPose(r.angles ?? { pitch: 0, yaw: 0, roll: 0 });
      const emotions = withEmotions ? emotionScores(r.emotions) : null;
      const face: FaceInFrame = {
        personId,
        box: roundBox(r.box),
        confidence: Math.round(r.score * 1000) / 1000,
        headPose: pose,
        gaze: gazePoint(r, frame.t, personId),
        emotions,
        emotion: emotions && dominantEmotion(emotions),
        age: r.age === undefined ? null : Math.round(r.age * 10) / 10,
        gender: r.gender ?? null,
        genderScore: r.genderScore ?? null,
      };
      if (opts.template && r.embedding.length)
        face.templateSimilarity = human.match.similarity(r.embedding, opts.template.embedding);
      const track = tracks.get(personId) ?? { faces: [], embeddings: [], mouth: [], behaviour: [] };
      tracks.set(personId, track);
      track.faces.push(face);
      if (r.embedding.length) track.embeddings.push(r.embedding);
      const opening = mouthOpening(r.mesh);
      if (opening !== undefined) {
        track.mouth.push({ t: frame.t, opening });
        windower?.add(personId, { t: frame.t, opening });
      }
      track.behaviour.push({
        t: frame.t,
        gazeClass: face.gaze.class_value,
        angles: pose,
        ear: eyeAspectRatio(r.mesh),
        dominantEmotion: face.emotion ?? undefined,
      });
      return face;
    });
    frames.push({ t: frame.t, faces });
    points.push(faces[0]?.gaze ?? gazePoint(undefined, frame.t, ''));
    proctoringFrames.push({
      t: frame.t,
      faces: faces.map((f) => ({
        pose: f.headPose,
        gaze: f.gaze,
        samePerson:
          f.templateSimilarity === undefined
            ? undefined
            : f.templateSimilarity >= SAME_PERSON_THRESHOLD,
      })),
    });
    for (const w of windower?.advance(frame.t) ?? []) opts.onLipSyncWindow?.(w);
    opts.onFrame?.(frame.t);
  }
  // Windows that end after the last sampled frame but within the recording.
  for (const w of windower?.advance(info.durationSec) ?? []) opts.onLipSyncWindow?.(w);

  const persons = [...tracks.entries()].map(([personId, t]) =>
    summarisePerson(personId, t, frames.length),
  );
  return {
    fps,
    width,
    height,
    durationSec: info.durationSec,
    framesAnalysed: frames.length,
    framesWithFaces: frames.filter((f) => f.faces.length > 0).length,
    frames,
    persons,
    headPose: {
      yawThresholdDeg: HEAD_YAW_THRESHOLD_DEG,
      pitchThresholdDeg: HEAD_PITCH_THRESHOLD_DEG,
      persons: persons.map((p) => ({ personId: p.personId, shares: p.headPose })),
    },
    gaze: {
      max_x: GAZE_MAX_X,
      max_y: GAZE_MAX_Y,
      points,
      heatMap: points
        .filter((p) => p.class_value !== 'no_gaze')
        .map((p) => ({ x: p.x_cord, y: p.y_cord, value: HEAT_MAP_POINT_VALUE })),
    },
    emotions: {
      computed: withEmotions,
      labels: EMOTIONS,
      persons: persons.flatMap((p) =>
        p.emotions && p.dominantEmotion
          ? [
              {
                personId: p.personId,
                averages: p.emotions,
                dominant: p.dominantEmotion,
                confidence: p.emotions[p.dominantEmotion],
              },
            ]
          : [],
      ),
      reliability: EMOTION_RELIABILITY,
    },
    demographics: {
      age: persons.map((p) => ({ personId: p.personId, estimate: p.age })),
      gender: persons.map((p) => ({ personId: p.personId, estimate: p.gender })),
      race: RACE_NOT_ESTIMATED,
    },
    proctoring: proctor(proctoringFrames, {
      windowSec: opts.proctoringWindowSec,
      templateUsed: !!opts.template,
    }),
    lipSync: lipSyncAll(energy, tracks),
    truthfulness: {
      experimental: true,
      note: TRUTHFULNESS_NOTE,
      windows: [...tracks.entries()].flatMap(([id, t]) =>
        truthfulness(id, t.behaviour, fps, opts.activitySec),
      ),
    },
  };
}

function lipSyncAll(
  energy: VoiceEnergy | null,
  tracks: Map<string, PersonTrack>,
): VideoFaceAnalysis['lipSync'] {
  if (!energy) return { available: false, reason: 'the video has no sound track', persons: [] };
  return {
    available: true,
    persons: [...tracks.entries()].map(([id, t]) => lipSync(id, t.mouth, energy)),
  };
}

function summarisePerson(personId: string, t: PersonTrack, totalFrames: number): PersonSummary {
  const scored = t.faces.flatMap((f) => (f.emotions ? [f.emotions] : []));
  const emotions = scored.length ? averageEmotions(scored) : null;
  return {
    personId,
    frames: t.faces.length,
    presence: totalFrames ? Math.round((t.faces.length / totalFrames) * 1000) / 1000 : 0,
    firstSeen: t.behaviour[0]?.t ?? 0,
    lastSeen: t.behaviour.at(-1)?.t ?? 0,
    headPose: poseShares(t.faces.map((f) => f.headPose.class)),
    emotions,
    dominantEmotion: emotions && dominantEmotion(emotions),
    age: estimateAge(t.faces.flatMap((f) => (f.age === null ? [] : [f.age]))),
    gender: estimateGender(
      t.faces.map((f) => ({
        gender: f.gender ?? undefined,
        genderScore: f.genderScore ?? undefined,
      })),
    ),
    template: t.embeddings.length ? faceTemplate(t.embeddings) : null,
  };
}
