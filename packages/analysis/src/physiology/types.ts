/** Mean colour of a skin area (0–255 per channel). */
export interface RgbColour {
  r: number;
  g: number;
  b: number;
}

/** Mean colour of the skin region in one video frame (0–255 per channel). */
export interface RgbSample extends RgbColour {
  /** Seconds from the start of the video. */
  t: number;
  /**
   * The same frame's skin split into regions, always in the same order (a face: forehead,
   * left cheek, right cheek; a patch file: its four quadrants). Optional: without it the
   * whole-skin colour (r, g, b) is the one region. Each region's pulse is extracted on its
   * own and the regions are fused by their signal quality.
   */
  regions?: RgbColour[];
}

/**
 * Mean skin colour per frame at a constant frame rate. The face module's `faceSkinTrace`
 * produces one per tracked person; `skinPatchTrace` produces one for a whole-frame patch.
 */
export interface RgbTrace {
  fps: number;
  samples: RgbSample[];
}

/**
 * Pulse extraction: POS (Wang et al. 2017), CHROM (de Haan & Jeanne 2013), GREEN (Verkruysse
 * et al. 2008). 'auto' runs all three and keeps the one whose pulse is most consistent over
 * the recording (heart-rate.ts).
 */
export type PulseMethod = 'pos' | 'chrom' | 'green';

/** 'good' is usable; 'low' means read with care (short or noisy); 'none' means no value. */
export type Quality = 'good' | 'low' | 'none';

export interface HeartRate {
  /** Beats per minute over the whole trace; null when the signal cannot be trusted. */
  bpm: number | null;
  /** Why `bpm` is null (insufficient signal, too short, no colour change); null with a value. */
  reason: string | null;
  /** Signal-to-noise ratio of the pulse spectrum around the heart rate and its harmonic, dB. */
  snrDb: number;
  /**
   * Signal-quality index, 0–1: the share of 10 s windows whose own strongest pulse lies within
   * 6 bpm of the answer. A value is given only from 0.75 up (noise traces stay below it 19
   * times in 20) and when the pulse stands 3 dB above the noise level.
   */
  qualityIndex: number;
  quality: Quality;
  method: PulseMethod;
  /** Skin regions fused (weights by their SNR). */
  regions: number;
}

/** Heart rate in one window of the trace, for charts. */
export interface HeartRatePoint {
  /** Centre of the window, seconds. */
  t: number;
  bpm: number | null;
  snrDb: number;
}

export interface Hrv {
  /** Standard deviation of the inter-beat intervals, ms. */
  sdnnMs: number | null;
  /** Root mean square of successive inter-beat interval differences, ms. */
  rmssdMs: number | null;
  /** Beats found (intervals used = beats kept - 1). */
  beats: number;
  quality: Quality;
  /** Why the quality is not 'good', when it is not. */
  reason?: string;
}

export interface Respiration {
  breathsPerMinute: number | null;
  /** Which signal gave the rate: the trace's low band or the heart-rate modulation. */
  source: 'trace' | 'heart-rate' | null;
  quality: Quality;
}

/** Every value that cannot be measured well from a camera carries these two fields. */
export interface EstimateLabel {
  estimate: true;
  note: string;
}

export interface Stress extends EstimateLabel {
  level: 'low' | 'medium' | 'high' | null;
  /** 0 (relaxed) to 100 (strained). */
  index: number | null;
  /** What the index was computed from. */
  basis: string;
  /** The quality of the HRV it rests on: noisy beats read as a calm heart. */
  quality: Quality;
}

export interface Spo2 extends EstimateLabel {
  percent: number | null;
}

export interface BloodPressure extends EstimateLabel {
  systolic: number | null;
  diastolic: number | null;
}

/** What `estimatePhysiology` answers for one person (or one skin patch). */
export interface PhysiologyResult {
  durationSec: number;
  fps: number;
  heartRate: HeartRate;
  /** Heart rate in 10 s windows every 2 s. */
  heartRateSeries: HeartRatePoint[];
  hrv: Hrv;
  respiration: Respiration;
  stress: Stress;
  spo2: Spo2;
  bloodPressure: BloodPressure;
}

/**
 * The spec's "physiological averages" of the inference data (§3), with the field names the
 * product uses. Values are null when not available; all but Heart_Rate, HRV_SDNN and
 * Respiration are the labelled estimates above.
 */
export interface PhysiologicalAverages {
  Heart_Rate: number | null;
  HRV_SDNN: number | null;
  Systolic_BP: number | null;
  Diastolic_BP: number | null;
  Blood_Oxygen: number | null;
  Respiration: number | null;
  Stress_Level: number | null;
}
