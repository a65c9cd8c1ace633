/**
 * Physiology by remote photoplethysmography (rPPG): the pulse seen as tiny colour changes of
 * skin in video. Input is a skin colour trace (mean R, G, B per frame): `skinPatchTrace` makes
 * one from whole frames, the face module's `faceSkinTrace` one per tracked person; then
 * `estimatePhysiology(trace)` gives heart rate (and its course), HRV, respiration and the
 * labelled estimates (stress, SpO2, blood pressure: `estimate: true`, not clinically valid).
 */
export type * from './types.js';
export { estimatePhysiology, heartRateSeries, HEART_RATE_SEARCH } from './estimate.js';
export type { PhysiologyOptions } from './estimate.js';
export {
  autoMethod,
  estimateHeartRate,
  regionSeries,
  MIN_SEC,
  MIN_AGREEMENT,
  AGREE_BPM,
} from './heart-rate.js';
export type { HeartRateEstimate } from './heart-rate.js';
export { analyzePhysiologyFile } from './file.js';
export type { PhysiologyFileOptions } from './file.js';
export { evenlySpaced } from './resample.js';
export { skinPatchTrace, probeVideo, meanSkinColour, quadrantColours } from './trace.js';
export type { SkinPatchOptions } from './trace.js';
export {
  posPulse,
  chromPulse,
  greenPulse,
  pulseSignal,
  PULSE_BAND,
  DARK_BLUE_LEVEL,
} from './pulse.js';
export { bandpass, detrendLinear } from './filter.js';
export { welch, harmonicPeak, dominantPeak, pulseSnrDb, fft } from './spectrum.js';
export type { Spectrum } from './spectrum.js';
export { detectBeats, hrvFromBeats, interBeatIntervals } from './beats.js';
export { estimateRespiration } from './respiration.js';
export {
  estimateStress,
  estimateSpo2,
  estimateBloodPressure,
  physiologicalAverages,
} from './estimates.js';
export { withSkinPatchPhysiology } from './cli-section.js';
export type { NoAudio } from './cli-section.js';
