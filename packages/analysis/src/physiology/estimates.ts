/**
 * Stress, SpO2 and blood pressure. None of them can be measured well from a consumer camera,
 * so every value is labelled `estimate: true` with a note saying so.
 */
import { bandpass, std } from './filter.js';
import { channelMeans, DARK_BLUE_LEVEL } from './pulse.js';
import type {
  BloodPressure,
  HeartRate,
  Hrv,
  PhysiologicalAverages,
  PhysiologyResult,
  RgbSample,
  Spo2,
  Stress,
} from './types.js';

const NOT_VALIDATED = 'not clinically validated; do not use for health decisions';

// Stress index: 70% from ln(RMSSD) between RELAXED and STRAINED, 30% from the heart rate
// between HR_CALM and HR_AROUSED. Vagal (parasympathetic) tone, which RMSSD reflects, drops
// under mental stress and the heart rate rises; the anchors are typical resting values of
// adults (RMSSD ~20–60 ms; heart rate 60–100 bpm).
const RMSSD_RELAXED_MS = 60;
const RMSSD_STRAINED_MS = 12;
const HR_CALM = 60;
const HR_AROUSED = 110;
const LEVELS = { medium: 35, high: 65 } as const;

const clamp01 = (v: number) => Math.max(0, Math.min(1, v));

export function estimateStress(hrv: Hrv, heartRate: HeartRate): Stress {
  const note = `an estimate from heart-rate variability, not a measurement of stress; ${NOT_VALIDATED}`;
  const basis =
    `70% ln(RMSSD) from ${RMSSD_RELAXED_MS} ms (0) to ${RMSSD_STRAINED_MS} ms (100), ` +
    `30% heart rate from ${HR_CALM} (0) to ${HR_AROUSED} bpm (100); ` +
    `low < ${LEVELS.medium} ≤ medium < ${LEVELS.high} ≤ high`;
  if (hrv.rmssdMs === null || hrv.rmssdMs <= 0 || heartRate.bpm === null)
    return { level: null, index: null, estimate: true, basis, quality: 'none', note };
  const vagal = clamp01(
    Math.log(RMSSD_RELAXED_MS / hrv.rmssdMs) / Math.log(RMSSD_RELAXED_MS / RMSSD_STRAINED_MS),
  );
  const arousal = clamp01((heartRate.bpm - HR_CALM) / (HR_AROUSED - HR_CALM));
  const index = Math.round(100 * (0.7 * vagal + 0.3 * arousal));
  const level = index >= LEVELS.high ? 'high' : index >= LEVELS.medium ? 'medium' : 'low';
  return { level, index, estimate: true, basis, quality: hrv.quality, note };
}

// Ratio of ratios R = (AC/DC of red) / (AC/DC of a shorter wavelength); SpO2 = A - B·R is the
// linear calibration of pulse oximeters (here A = 110, B = 25, the textbook approximation).
// A camera's broad RGB filters and ambient light are far from an oximeter's LEDs, hence the note.
const SPO2_A = 110;
const SPO2_B = 25;

export function estimateSpo2(
  samples: readonly RgbSample[],
  fps: number,
  heartRate: HeartRate,
): Spo2 {
  const [mr, mg, mb] = channelMeans(samples);
  // Blue in the dark is noise (see DARK_BLUE_LEVEL): use green as the reference then.
  const useBlue = mb >= DARK_BLUE_LEVEL;
  const reference = useBlue ? 'blue' : 'green';
  const note =
    `ratio of ratios of the pulse in red and ${reference}, SpO2 = ${SPO2_A} - ${SPO2_B}·R; ` +
    `a camera cannot measure blood oxygen reliably; ${NOT_VALIDATED}`;
  const hz = heartRate.bpm === null ? null : heartRate.bpm / 60;
  const dcRef = useBlue ? mb : mg;
  if (hz === null || mr <= 0 || dcRef <= 0) return { percent: null, estimate: true, note };
  // AC as the pulse-band amplitude close to the heart rate, so other rhythms do not count.
  const ac = (channel: 'r' | 'g' | 'b') =>
    std(
      bandpass(
        Float64Array.from(samples, (s) => s[channel]),
        fps,
        0.8 * hz,
        1.2 * hz,
      ),
    );
  const acRef = ac(useBlue ? 'b' : 'g');
  if (acRef <= 0) return { percent: null, estimate: true, note };
  const ratio = ac('r') / mr / (acRef / dcRef);
  const percent = Math.max(70, Math.min(100, SPO2_A - SPO2_B * ratio));
  return { percent: Math.round(percent * 10) / 10, estimate: true, note };
}

// Population mean of resting adults, moved with the heart rate by the weak positive
// association reported in population studies (about 0.3 mmHg systolic and 0.2 diastolic per
// bpm). This is a prior, not a measurement: nothing in a face video measures blood pressure.
const BP_MEAN = { systolic: 120, diastolic: 78, atBpm: 70 } as const;
const BP_PER_BPM = { systolic: 0.3, diastolic: 0.2 } as const;

export function estimateBloodPressure(heartRate: HeartRate): BloodPressure {
  const note =
    'population average adjusted by heart rate, not measured; no camera method measures ' +
    `blood pressure reliably; ${NOT_VALIDATED}`;
  if (heartRate.bpm === null) return { systolic: null, diastolic: null, estimate: true, note };
  const d = Math.max(-30, Math.min(50, heartRate.bpm - BP_MEAN.atBpm));
  return {
    systolic: Math.round(BP_MEAN.systolic + BP_PER_BPM.systolic * d),
    diastolic: Math.round(BP_MEAN.diastolic + BP_PER_BPM.diastolic * d),
    estimate: true,
    note,
  };
}

/** The result as the spec's physiological averages (Heart_Rate, HRV_SDNN, … Stress_Level). */
export function physiologicalAverages(result: PhysiologyResult): PhysiologicalAverages {
  return {
    Heart_Rate: result.heartRate.bpm,
    HRV_SDNN: result.hrv.sdnnMs,
    Systolic_BP: result.bloodPressure.systolic,
    Diastolic_BP: result.bloodPressure.diastolic,
    Blood_Oxygen: result.spo2.percent,
    Respiration: result.respiration.breathsPerMinute,
    Stress_Level: result.stress.index,
  };
}
