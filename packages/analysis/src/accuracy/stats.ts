import type { Interval, Metric, MetricUnit } from './types.js';

/** z of a two-sided 95 % interval. */
const Z95 = 1.959964;

/**
 * Wilson score interval of k successes in n trials. Unlike the normal approximation it stays
 * inside 0–1 and is honest for small groups and shares near 0 or 1 (a bias table has both).
 */
export function wilsonInterval(k: number, n: number, z = Z95): Interval | null {
  if (n <= 0) return null;
  const p = k / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: round(Math.max(0, centre - half)), high: round(Math.min(1, centre + half)) };
}

export const round = (v: number, digits = 3): number => {
  const k = 10 ** digits;
  return Math.round(v * k) / k;
};

export const mean = (values: readonly number[]): number | null =>
  values.length === 0 ? null : values.reduce((s, v) => s + v, 0) / values.length;

/** A share of k in n with its Wilson interval; null value when n is 0. */
export function shareMetric(
  key: string,
  name: string,
  k: number,
  n: number,
  detail: string | null = null,
  better: Metric['better'] = 'higher',
): Metric {
  return {
    key,
    name,
    value: n > 0 ? round(k / n) : null,
    unit: 'share',
    better,
    count: { k, n },
    interval: wilsonInterval(k, n),
    detail,
  };
}

/** A figure that is not a share of items (an error rate over words or time, a bpm error). */
export function valueMetric(
  key: string,
  name: string,
  value: number | null,
  unit: MetricUnit,
  better: Metric['better'],
  detail: string | null = null,
): Metric {
  return {
    key,
    name,
    value: value === null ? null : round(value),
    unit,
    better,
    count: null,
    interval: null,
    detail,
  };
}
