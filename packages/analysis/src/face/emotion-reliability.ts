// How far the facial-emotion readings can be trusted, as measured: shown beside every emotion
// result (API and UI) so nobody reads a 'low' signal as a fact about a person.

export interface EmotionReliability {
  /** 'low' while the measured agreement with human labels stays under ~0.6. */
  level: 'low' | 'moderate';
  /** Share of labelled photos where the dominant emotion matched the label. */
  agreement: number;
  /** What it was measured on. */
  measuredOn: string;
  note: string;
}

/**
 * Measured by images.test.ts on fixtures/faces/expressions (16 photos, two per label, noisy
 * student labels; 'contempt' has no counterpart in the model, so 2 of 16 can never agree).
 * The model is oarriaga's FER2013 mini-Xception (about 66 % on FER2013's own test set): a
 * 7-class expression classifier, far below what a decision about a person would need.
 */
export const EMOTION_RELIABILITY: EmotionReliability = {
  level: 'low',
  agreement: 0.375,
  measuredOn: '16 labeled expression photos (faces/expressions)',
  note: 'Low reliability: facial expressions are read by a small model that agreed with human labels on about a third of test photos. Expressions are not feelings; do not base decisions on them.',
};
