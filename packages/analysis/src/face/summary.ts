// Per-person summaries of the per-frame face results: emotions, age, gender, head pose.

/** Human's emotion labels, in its order. */
export const EMOTIONS = [
  'angry',
  'disgust',
  'fear',
  'happy',
  'sad',
  'surprise',
  'neutral',
] as const;
export type Emotion = (typeof EMOTIONS)[number];
export type EmotionScores = Record<Emotion, number>;

export function emotionScores(raw: Record<string, number>): EmotionScores {
  return Object.fromEntries(EMOTIONS.map((e) => [e, raw[e] ?? 0])) as EmotionScores;
}

export function dominantEmotion(scores: EmotionScores): Emotion {
  return EMOTIONS.reduce((best, e) => (scores[e] > scores[best] ? e : best), 'neutral' as Emotion);
}

export function averageEmotions(frames: EmotionScores[]): EmotionScores {
  const out = emotionScores({});
  for (const f of frames) for (const e of EMOTIONS) out[e] += f[e] / frames.length;
  for (const e of EMOTIONS) out[e] = Math.round(out[e] * 1000) / 1000;
  return out;
}

export interface AgeEstimate {
  /** Median of the per-frame estimates, years. */
  years: number;
  /** Interquartile range of the per-frame estimates: the model gives no confidence for age. */
  spread: [number, number];
  /** Spec-style age bin (0-2, 3-9, 10-19, 20-29 ... 70+). */
  bin: string;
}

export interface GenderEstimate {
  label: 'male' | 'female';
  /** 0 (chance) to 1 (certain), Human's gender score averaged over the person's frames. */
  confidence: number;
}

/** "Race is not estimated": no model for it ships, and it is not guessed from other outputs. */
export interface RaceResult {
  estimated: false;
  reason: string;
}
export const RACE_NOT_ESTIMATED: RaceResult = {
  estimated: false,
  reason: 'No race or ethnicity model ships with the face models, and Parley does not guess race.',
};

const quantile = (sorted: number[], q: number) => {
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  return sorted[lo]! + (sorted[Math.ceil(i)]! - sorted[lo]!) * (i - lo);
};

export function ageBin(years: number): string {
  if (years < 3) return '0-2';
  if (years < 10) return '3-9';
  if (years >= 70) return '70+';
  const d = Math.floor(years / 10) * 10;
  return `${d}-${d + 9}`;
}

export function estimateAge(ages: number[]): AgeEstimate | null {
  if (ages.length === 0) return null;
  const s = [...ages].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 10) / 10;
  const years = r(quantile(s, 0.5));
  return { years, spread: [r(quantile(s, 0.25)), r(quantile(s, 0.75))], bin: ageBin(years) };
}

/** Human's genderScore is |2 p - 1| for the reported label; average p(male) over frames. */
export function estimateGender(
  frames: { gender?: 'male' | 'female'; genderScore?: number }[],
): GenderEstimate | null {
  const votes = frames.filter((f) => f.gender && f.genderScore !== undefined);
  if (votes.length === 0) return null;
  const pMale =
    votes.reduce(
      (s, f) => s + (f.gender === 'male' ? 0.5 + f.genderScore! / 2 : 0.5 - f.genderScore! / 2),
      0,
    ) / votes.length;
  return {
    label: pMale >= 0.5 ? 'male' : 'female',
    confidence: Math.round(Math.abs(2 * pMale - 1) * 1000) / 1000,
  };
}
