import { formatHms } from '@parley/contracts';
import type { XAxisProps } from 'recharts';

/** Chart colours from the design tokens, so both themes keep their contrast. */
export const CHART = {
  grid: 'var(--border)',
  axis: 'var(--text-subtle)',
  text: 'var(--text-muted)',
  accent: 'var(--accent)',
  positive: 'var(--success)',
  negative: 'var(--danger)',
  tick: { fontSize: 12, fill: 'var(--text-subtle)' },
  tooltip: {
    contentStyle: {
      background: 'var(--raised)',
      border: '1px solid var(--border)',
      borderRadius: 8,
      boxShadow: 'var(--shadow-md)',
      fontSize: 12,
      color: 'var(--text)',
    },
    labelStyle: { color: 'var(--text-muted)' },
    itemStyle: { color: 'var(--text)' },
  },
} as const;

/** The meeting's time axis: MM:SS under an hour, HH:MM:SS beyond. */
export function axisTime(seconds: number): string {
  const hms = formatHms(seconds);
  return hms.startsWith('00:') ? hms.slice(3) : hms;
}

/** A speaker's talk time to the second: '42s', '3m 05s', '1h 02m'. */
export function shortDuration(seconds: number): string {
  const s = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const pad = (n: number) => n.toString().padStart(2, '0');
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
}

/** What every over-time chart shares: its margin, the meeting-time X axis and tooltip label. */
export const TIME_CHART_MARGIN = { top: 4, right: 8, bottom: 0, left: -16 };
export const timeAxisProps = {
  dataKey: 't',
  type: 'number',
  domain: ['dataMin', 'dataMax'],
  tickFormatter: axisTime,
  tick: CHART.tick,
  stroke: CHART.grid,
} satisfies XAxisProps;
export const timeTooltipLabel = (t: unknown) => axisTime(Number(t));
