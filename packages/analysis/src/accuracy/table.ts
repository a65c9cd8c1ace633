// The printed form of the report: Markdown tables, so the README's figures are pasted as is.
import type { AccuracyReport, Metric } from './types.js';

const percent = (v: number) => `${(100 * v).toFixed(1)} %`;

export function formatValue(m: Pick<Metric, 'value' | 'unit'>): string {
  if (m.value === null) return '—';
  if (m.unit === 'share') return percent(m.value);
  if (m.unit === 'bpm') return `${m.value.toFixed(1)} bpm`;
  return String(m.value);
}

/** "k of n, 95 % CI a–b" for a share, else the metric's detail. */
export function formatBasis(m: Metric): string {
  const parts: string[] = [];
  if (m.count) parts.push(`${m.count.k} of ${m.count.n}`);
  if (m.interval) parts.push(`95 % CI ${percent(m.interval.low)}–${percent(m.interval.high)}`);
  if (m.detail) parts.push(m.detail);
  return parts.join('; ');
}

const table = (head: string[], rows: string[][]): string =>
  [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');

export function formatReport(report: AccuracyReport): string {
  const main = table(
    ['signal', 'metric', 'value', 'basis', 'data'],
    report.signals.flatMap((s) => {
      const name = s.estimate ? `${s.name} (estimate)` : s.name;
      const data = s.data.map((d) => `${d.name}, ${d.items} ${d.itemUnit}`).join('; ');
      if (s.metrics.length === 0) return [[name, '—', 'not measured', s.notes[0] ?? '', '']];
      return s.metrics.map((m, i) => [
        i === 0 ? name : '',
        m.name,
        formatValue(m),
        formatBasis(m),
        i === 0 ? data : '',
      ]);
    }),
  );
  const cell = (m: Metric) =>
    m.value === null
      ? '—'
      : `${formatValue(m)} (${m.count!.k}/${m.count!.n}, ${percent(m.interval!.low)}–${percent(m.interval!.high)})`;
  const bias = table(
    ['group', 'photos', 'face found', 'gender right', 'age within one group'],
    report.bias.rows.map((r) => [
      r.dimension === 'gender' ? r.group : `age ${r.group}`,
      String(r.photos),
      cell(r.detected),
      cell(r.gender),
      cell(r.ageWithinOneBin),
    ]),
  );
  const notes = report.signals.flatMap((s) =>
    s.metrics.length > 0 ? s.notes.map((n) => `- ${s.name}: ${n}`) : [],
  );
  return [
    `Measured ${report.measuredAt} by \`${report.command}\`.`,
    '',
    main,
    '',
    `Face bias table: ${report.bias.dataset.name}, ${report.bias.dataset.items} photos; ` +
      'gender and age scored where a face is found; value (k/n, 95 % Wilson interval).',
    '',
    bias,
    '',
    ...notes,
  ].join('\n');
}
