import { wilson } from '../face/bias.js';
import type { Interval, Metric, MetricUnit } from './types.js';

/** Wilson score interval of k successes in n trials (the one in face/bias.ts), or null when n is 0. */
export function wilsonInterval(k: number, n: number): Interval | null {
  const { low, high } = wilson(k, n);
  return low === null || high === null ? null : { low, high };
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
