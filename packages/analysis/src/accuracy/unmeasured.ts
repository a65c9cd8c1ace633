// The signals the product shows that no data here can check: listed with the reason, so the
// published page covers every signal and never implies an accuracy nobody measured.
import type { SignalAccuracy, SignalKey } from './types.js';

const NO_REFERENCE =
  'Not measured: the fixtures have no reference for it (no ECG, breathing belt, oximeter or ' +
  'cuff recorded alongside the video).';

const unmeasured = (key: SignalKey, name: string, method: string, notes: string[]) =>
  ({
    key,
    name,
    estimate: true,
    method,
    metrics: [],
    data: [],
    breakdown: [],
    notes,
  }) satisfies SignalAccuracy;

export const UNMEASURED_SIGNALS: SignalAccuracy[] = [
  unmeasured(
    'hrv',
    'Heart-rate variability',
    'The spread of the intervals between the beats found in the skin color signal (SDNN, RMSSD).',
    [NO_REFERENCE, 'Camera beats are far noisier than an ECG; read it as a rough trend only.'],
  ),
  unmeasured(
    'respiration',
    'Respiration',
    'Breaths per minute from the slow rhythm of the skin color signal or of the heart rate.',
    [NO_REFERENCE],
  ),
  unmeasured(
    'spo2',
    'Blood oxygen (SpO2)',
    'A ratio of the pulse strength in two colors, with the textbook oximeter calibration.',
    [NO_REFERENCE, 'A camera cannot measure blood oxygen reliably; not clinically validated.'],
  ),
  unmeasured(
    'blood-pressure',
    'Blood pressure',
    'The population average of resting adults, moved a little with the heart rate.',
    [
      NO_REFERENCE,
      'Nothing in a face video measures blood pressure: this is a prior, not a measurement.',
    ],
  ),
  unmeasured(
    'stress',
    'Stress',
    'An index from heart-rate variability and heart rate (low, medium, high).',
    ['Not measured: there is no agreed reference for stress.', 'Not clinically validated.'],
  ),
  unmeasured(
    'truthfulness',
    'Truthfulness (experimental)',
    'How far each window of behavior departs from the same person’s baseline in the video ' +
      '(gaze, eye closure, head movement, expression changes).',
    [
      'Not measured: no data set with known truthful and untruthful answers is available.',
      'Not a lie detector: these cues are weak, culture-dependent signs of stress, not of lying.',
    ],
  ),
];
