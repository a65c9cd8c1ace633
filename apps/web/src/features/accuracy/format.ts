import type { AccuracyMetric } from '@parley/contracts';

/** A no-break space: '54.5 %' never breaks before its sign. */
const NB = '\u00a0';

/** 0.5453 -> '54.5 %'. */
export const percent = (v: number): string => `${(100 * v).toFixed(1)}${NB}%`;

/** A figure as it reads on the page: a share as a percentage, a heart-rate error in bpm. */
export function formatMetric(m: Pick<AccuracyMetric, 'value' | 'unit'>): string {
  if (m.value === null) return '—';
  if (m.unit === 'share') return percent(m.value);
  if (m.unit === 'bpm') return `${m.value.toFixed(1)}${NB}bpm`;
  return String(m.value);
}

/** '54 of 120 · 95 % interval 36.2–52.0 %', or nothing for a figure without a count. */
export function formatBasis(m: AccuracyMetric): string | null {
  const parts: string[] = [];
  if (m.count) parts.push(`${m.count.k} of ${m.count.n}`);
  if (m.interval)
    parts.push(
      `95${NB}% interval ${(100 * m.interval.low).toFixed(1)}–${percent(m.interval.high)}`,
    );
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** A cell of a per-item table. */
export function formatCell(
  value: number | string | null,
  unit: 'share' | 'bpm' | 'count' | 'text',
): string {
  if (value === null) return '—';
  if (typeof value === 'string' || unit === 'text') return String(value);
  return formatMetric({ value, unit });
}
