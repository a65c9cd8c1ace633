import { z } from 'zod';

/**
 * Published accuracy (issue 14 item 6): what `npm run accuracy` measured for every signal, on
 * which data, and whether the product labels the value an estimate. The figures themselves are
 * in accuracy-figures.json, written by `npm run accuracy -- --write` and parsed with this schema
 * when accuracy-figures.ts loads. The runner's own types (packages/analysis/src/accuracy/types.ts)
 * have the same shape.
 */

export const ACCURACY_SIGNAL_KEYS = [
  'speech-to-text',
  'speakers',
  'heart-rate',
  'hrv',
  'respiration',
  'spo2',
  'blood-pressure',
  'stress',
  'face-detection',
  'gender',
  'age',
  'emotions',
  'truthfulness',
] as const;
export type AccuracySignalKey = (typeof ACCURACY_SIGNAL_KEYS)[number];

/**
 * The signals the product shows as estimates (`estimate: true` in the API, an 'Estimate' label
 * in the UI): a camera or a face model cannot measure them well.
 */
export const ESTIMATED_SIGNALS: readonly AccuracySignalKey[] = [
  'heart-rate',
  'hrv',
  'respiration',
  'spo2',
  'blood-pressure',
  'stress',
  'gender',
  'age',
  'emotions',
  'truthfulness',
];

export const accuracyIntervalSchema = z.object({ low: z.number(), high: z.number() });

export const accuracyMetricSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** null when nothing could be measured. */
  value: z.number().nullable(),
  /** share: 0–1, shown as a percentage; bpm: a heart-rate difference; count: a number. */
  unit: z.enum(['share', 'bpm', 'count']),
  better: z.enum(['lower', 'higher']),
  /** k hits of n items behind a share. */
  count: z.object({ k: z.number(), n: z.number() }).nullable(),
  /** 95 % Wilson interval of a share. */
  interval: accuracyIntervalSchema.nullable(),
  detail: z.string().nullable(),
});
export type AccuracyMetric = z.infer<typeof accuracyMetricSchema>;

export const accuracyDatasetSchema = z.object({
  name: z.string(),
  items: z.number(),
  itemUnit: z.string(),
  /** The copy in the repository the figures were measured on. */
  path: z.string(),
  source: z.string(),
  licence: z.string(),
});
export type AccuracyDataset = z.infer<typeof accuracyDatasetSchema>;

/** Per-item figures (per file, person or label) for a table and a chart. */
export const accuracyBreakdownSchema = z.object({
  title: z.string(),
  columns: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      unit: z.enum(['share', 'bpm', 'count', 'text']),
    }),
  ),
  rows: z.array(
    z.object({ label: z.string(), cells: z.array(z.union([z.number(), z.string()]).nullable()) }),
  ),
});
export type AccuracyBreakdown = z.infer<typeof accuracyBreakdownSchema>;

export const signalAccuracySchema = z.object({
  key: z.enum(ACCURACY_SIGNAL_KEYS),
  name: z.string(),
  estimate: z.boolean(),
  method: z.string(),
  /** Empty when the signal could not be measured (the notes say why). */
  metrics: z.array(accuracyMetricSchema),
  data: z.array(accuracyDatasetSchema),
  breakdown: z.array(accuracyBreakdownSchema),
  notes: z.array(z.string()),
});
export type SignalAccuracy = z.infer<typeof signalAccuracySchema>;

/** One group of the face bias table: a gender or an age bin. */
export const biasRowSchema = z.object({
  dimension: z.enum(['gender', 'age']),
  group: z.string(),
  photos: z.number(),
  detected: accuracyMetricSchema,
  gender: accuracyMetricSchema,
  ageWithinOneBin: accuracyMetricSchema,
});
export type BiasRow = z.infer<typeof biasRowSchema>;

export const accuracyReportSchema = z.object({
  /** ISO time of the measurement. */
  measuredAt: z.string(),
  command: z.string(),
  signals: z.array(signalAccuracySchema),
  bias: z.object({ dataset: accuracyDatasetSchema, rows: z.array(biasRowSchema) }),
});
export type AccuracyReport = z.infer<typeof accuracyReportSchema>;
