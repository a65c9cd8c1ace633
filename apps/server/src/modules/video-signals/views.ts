// The stored video signals in the inference routes' shapes (packages/contracts/src/inference.ts).
import {
  EMOTION_LABELS,
  GAZE_CANVAS,
  VIDEO_SIGNALS_MESSAGES,
  type AgeResponse,
  type BiometricsDataResponse,
  type EmotionsResponse,
  type EyeGazeResponse,
  type GenderResponse,
  type HeadPoseResponse,
  type LipSyncResponse,
  type PhysiologicalResponse,
  type PhysiologyPerson,
  type ProctoringResponse,
  type RaceResponse,
  type Spo2Response,
  type TruthfulnessResponse,
  type VideoSource,
} from '@parley/contracts';
import {
  EMOTION_RELIABILITY,
  RACE_NOT_ESTIMATED,
  physiologicalAverages,
  type PhysiologyResult,
  type VideoFaceAnalysis,
} from '@parley/analysis';
import type { VideoSignalsRow } from './repo.js';

type Summary = Omit<VideoFaceAnalysis, 'frames'>;
export interface Signals {
  meetingId: string;
  video: VideoSource;
  summary: Summary | null;
  row: VideoSignalsRow | null;
  /**
   * Whether emotions may be shown: the run computed them and the organisation still allows
   * emotion inference (switched off later, stored readings are withheld too).
   */
  emotions: boolean;
}

export function signalsOf(
  meetingId: string,
  row: VideoSignalsRow | null,
  emotionsAllowed = true,
): Signals {
  const summary = row?.hasVideo && row.summary ? (row.summary as unknown as Summary) : null;
  const state = !row ? 'not_analysed' : row.hasVideo ? 'ready' : 'audio_only';
  return {
    meetingId,
    row,
    summary,
    // Rows stored before the switch existed have no `computed`: they did compute emotions.
    emotions: emotionsAllowed && summary?.emotions.computed !== false,
    video: {
      state,
      fps: summary?.fps ?? null,
      durationSec: summary?.durationSec ?? null,
      framesAnalysed: summary?.framesAnalysed ?? 0,
      framesWithFaces: summary?.framesWithFaces ?? 0,
    },
  };
}

const head = (s: Signals) => ({ meetingId: s.meetingId, video: s.video });
const ZERO_POSE = { top: 0, bottom: 0, left: 0, right: 0, center: 0 };

export function headPoseOf(s: Signals): HeadPoseResponse {
  return {
    ...head(s),
    yawThresholdDeg: s.summary?.headPose.yawThresholdDeg ?? 0,
    pitchThresholdDeg: s.summary?.headPose.pitchThresholdDeg ?? 0,
    persons: (s.summary?.headPose.persons ?? []).map((p) => ({
      personId: p.personId,
      shares: { ...ZERO_POSE, ...p.shares },
    })),
    series: (s.row?.frames ?? []).flatMap((frame) =>
      frame.f.map(([personId, cls, yaw, pitch]) => ({
        t: frame.t,
        personId,
        class: cls as HeadPoseResponse['series'][number]['class'],
        yaw,
        pitch,
      })),
    ),
  };
}

export function eyeGazeOf(s: Signals): EyeGazeResponse {
  return {
    ...head(s),
    config: { max_x: GAZE_CANVAS.max_x, max_y: GAZE_CANVAS.max_y },
    points: s.summary?.gaze.points ?? [],
    heatMap: s.summary?.gaze.heatMap ?? [],
  };
}

export function emotionsOf(s: Signals): EmotionsResponse {
  const common = {
    ...head(s),
    computed: s.emotions,
    offReason: s.emotions ? null : VIDEO_SIGNALS_MESSAGES.emotionsOff,
    reliability: EMOTION_RELIABILITY,
    labels: [...EMOTION_LABELS],
  };
  if (!s.emotions) return { ...common, persons: [], series: [] };
  return {
    ...common,
    persons: (s.summary?.emotions.persons ?? []).map((p) => ({
      ...p,
      // Rows stored before confidence was kept: the dominant emotion's average is the same figure.
      confidence: p.confidence ?? p.averages[p.dominant],
    })),
    series: (s.row?.frames ?? []).flatMap((frame) =>
      frame.f.map(([personId, , , , scores]) => ({
        t: frame.t,
        personId,
        scores: Object.fromEntries(EMOTION_LABELS.map((e, i) => [e, scores[i] ?? 0])) as Record<
          (typeof EMOTION_LABELS)[number],
          number
        >,
      })),
    ),
  };
}

export function lipSyncOf(s: Signals): LipSyncResponse {
  const l = s.summary?.lipSync;
  return {
    ...head(s),
    available: l?.available ?? false,
    ...(l?.reason ? { reason: l.reason } : {}),
    persons: l?.persons ?? [],
  };
}

export function truthfulnessOf(s: Signals, note: string): TruthfulnessResponse {
  const t = s.summary?.truthfulness;
  return {
    ...head(s),
    experimental: true,
    note: t?.note ?? note,
    windows: (t?.windows ?? []).map((w) => ({
      ...w,
      cues: { ...w.cues },
      inference_id: s.row?.runId ?? '',
      meeting_id: s.meetingId,
    })),
  };
}

export const ageOf = (s: Signals): AgeResponse => ({
  ...head(s),
  persons: s.summary?.demographics.age ?? [],
});
export const genderOf = (s: Signals): GenderResponse => ({
  ...head(s),
  persons: s.summary?.demographics.gender ?? [],
});
/** Plainly: not estimated, and why (the same answer whatever the video holds). */
export const raceOf = (s: Signals): RaceResponse => ({ ...head(s), ...RACE_NOT_ESTIMATED });

export function proctoringOf(s: Signals): ProctoringResponse {
  const p = s.summary?.proctoring;
  const last = p?.windows.at(-1);
  return {
    ...head(s),
    windowSec: p?.windowSec ?? 0,
    templateUsed: p?.templateUsed ?? false,
    windows: p?.windows ?? [],
    current_alerts: last?.current_alerts ?? [],
    cumulative_alerts: p?.cumulative_alerts ?? {},
    cumulative_alerts_count: p?.cumulative_alerts_count ?? 0,
    threshold_crossed: p?.threshold_crossed ?? false,
    alert_threshold: p?.alert_threshold ?? 10,
  };
}

export function biometricsDataOf(s: Signals): BiometricsDataResponse {
  return {
    ...head(s),
    persons: (s.summary?.persons ?? []).map((p) => ({
      personId: p.personId,
      frames: p.frames,
      presence: p.presence,
      firstSeen: p.firstSeen,
      lastSeen: p.lastSeen,
      dominantEmotion: s.emotions ? p.dominantEmotion : null,
      age: p.age,
      gender: p.gender,
      hasFaceTemplate: p.template !== null,
    })),
  };
}

function physiologyPersons(s: Signals): PhysiologyPerson[] {
  return (s.row?.physiology?.persons ?? []).map((p) => ({
    personId: p.personId,
    ...(p.result as unknown as PhysiologyResult),
  }));
}

export function physiologicalOf(s: Signals): PhysiologicalResponse {
  const persons = physiologyPersons(s);
  const main = persons[0];
  return {
    ...head(s),
    estimated: ['Systolic_BP', 'Diastolic_BP', 'Blood_Oxygen', 'Stress_Level'],
    averages: main ? physiologicalAverages(main as unknown as PhysiologyResult) : null,
    persons,
  };
}

export const SPO2_NOTE =
  'Estimates from a camera: not clinically validated; do not use them for health decisions.';

export function spo2Of(s: Signals): Spo2Response {
  return {
    ...head(s),
    estimate: true,
    note: SPO2_NOTE,
    persons: physiologyPersons(s).map((p) => ({
      personId: p.personId,
      spo2: p.spo2,
      bloodPressure: p.bloodPressure,
    })),
  };
}
