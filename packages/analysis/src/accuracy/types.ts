/**
 * What `npm run accuracy` measures, as typed rows. The same shape is the contract
 * `AccuracyReport` in @parley/contracts (accuracy.ts); the written figures file there is
 * type-checked against it, so the two cannot drift apart unnoticed.
 */

/** A share (0–1, shown as a percentage), a heart rate difference, or a plain count. */
export type MetricUnit = 'share' | 'bpm' | 'count';

export interface Interval {
  low: number;
  high: number;
}

export interface Metric {
  /** Stable key, e.g. 'wer' or 'der-collar'. */
  key: string;
  name: string;
  /** null when nothing could be measured (the notes say why). */
  value: number | null;
  unit: MetricUnit;
  better: 'lower' | 'higher';
  /** The k of n behind a share (k hits of n items). */
  count: { k: number; n: number } | null;
  /** 95 % Wilson interval of a share. */
  interval: Interval | null;
  /** What exactly was counted, in a few words. */
  detail: string | null;
}

/** A data set a figure was measured on. */
export interface Dataset {
  name: string;
  items: number;
  /** What one item is: 'clips', 'photos', 'skin patches'… */
  itemUnit: string;
  /** Repository folder of the copy the runner reads. */
  path: string;
  source: string;
  licence: string;
}

/** Per-item figures (one row per file, subject or group), for a table and a chart. */
export interface Breakdown {
  title: string;
  columns: { key: string; name: string; unit: MetricUnit | 'text' }[];
  rows: { label: string; cells: (number | string | null)[] }[];
}

export const SIGNAL_KEYS = [
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
export type SignalKey = (typeof SIGNAL_KEYS)[number];

export interface SignalAccuracy {
  key: SignalKey;
  name: string;
  /** The product labels the value an estimate (`estimate: true` in the API, a label in the UI). */
  estimate: boolean;
  /** What the analysis does, in one sentence. */
  method: string;
  metrics: Metric[];
  data: Dataset[];
  breakdown: Breakdown[];
  /** Caveats, and why a figure is missing. */
  notes: string[];
}

/** One group of the face bias table: a gender, or an age bin. */
export interface BiasRow {
  dimension: 'gender' | 'age';
  group: string;
  photos: number;
  detected: Metric;
  /** Gender right, of the photos where a face was found. */
  gender: Metric;
  /** Age bin within one of the labelled bin, of the photos where a face was found. */
  ageWithinOneBin: Metric;
}

export interface AccuracyReport {
  /** ISO time the figures were measured. */
  measuredAt: string;
  command: string;
  signals: SignalAccuracy[];
  bias: { dataset: Dataset; rows: BiasRow[] };
}
