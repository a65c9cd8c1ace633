import type { AccuracyBreakdown, AccuracyMetric, SignalAccuracy } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { Badge, Card, DataTable, type DataColumn } from '../../ui';
import { formatBasis, formatCell, formatMetric } from './format';

type BreakdownRow = AccuracyBreakdown['rows'][number];

function MetricFigure({ metric }: { metric: AccuracyMetric }) {
  const basis = formatBasis(metric);
  return (
    <div className="flex min-w-0 flex-col gap-0.5" data-testid={`metric-${metric.key}`}>
      <dt className="text-xs font-medium text-muted">{metric.name}</dt>
      <dd className="flex flex-col gap-0.5">
        <span className="tabular text-2xl font-semibold text-fg">{formatMetric(metric)}</span>
        {basis ? <span className="tabular text-xs text-muted">{basis}</span> : null}
        {metric.detail ? <span className="text-xs text-subtle">{metric.detail}</span> : null}
        {metric.better === 'lower' ? (
          <span className="text-xs text-subtle">Lower is better</span>
        ) : null}
      </dd>
    </div>
  );
}

function BreakdownTable({ breakdown }: { breakdown: AccuracyBreakdown }) {
  const columns: DataColumn<BreakdownRow>[] = [
    { id: 'label', header: 'Item', cell: (r) => <span className="font-medium">{r.label}</span> },
    ...breakdown.columns.map((c, i) => ({
      id: c.key,
      header: c.name,
      className: c.unit === 'text' ? undefined : 'text-right tabular',
      cell: (r: BreakdownRow) => formatCell(r.cells[i] ?? null, c.unit),
    })),
  ];
  return (
    <details className="group">
      <summary className="cursor-pointer text-sm font-medium text-accent-text hover:underline">
        {breakdown.title}
      </summary>
      <DataTable
        className="mt-3"
        label={breakdown.title}
        columns={columns}
        rows={breakdown.rows}
        rowKey={(r) => r.label}
        rowLabel={(r) => r.label}
        renderCard={(r) => (
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="col-span-2 font-medium text-fg">{r.label}</dt>
            {breakdown.columns.map((c, i) => (
              <div key={c.key} className="contents">
                <dt className="text-muted">{c.name}</dt>
                <dd className="tabular text-right text-fg">
                  {formatCell(r.cells[i] ?? null, c.unit)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      />
    </details>
  );
}

/** One signal: its measured figures, the data behind them, and whether it is an estimate. */
export function SignalCard({ signal, wide = false }: { signal: SignalAccuracy; wide?: boolean }) {
  const measured = signal.metrics.length > 0;
  return (
    <Card
      className={cn('flex flex-col gap-4 p-5', wide && 'lg:col-span-2')}
      data-testid={`signal-${signal.key}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-base font-semibold text-fg">{signal.name}</h3>
          <p className="text-sm text-muted">{signal.method}</p>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {signal.estimate ? <Badge tone="warning">Estimate</Badge> : null}
          {measured ? null : <Badge>Not measured</Badge>}
        </div>
      </header>
      {measured ? (
        <dl className={cn('grid grid-cols-1 gap-4 sm:grid-cols-2', wide && 'lg:grid-cols-4')}>
          {signal.metrics.map((m) => (
            <MetricFigure key={m.key} metric={m} />
          ))}
        </dl>
      ) : null}
      {signal.data.length > 0 ? (
        <div className="flex flex-col gap-1.5">
          <h4 className="text-xs font-medium text-muted">Measured on</h4>
          <ul className="flex flex-col gap-1 text-sm">
            {signal.data.map((d) => (
              <li key={d.name} className="text-fg">
                {d.name}: <span className="tabular">{d.items}</span> {d.itemUnit}
                <span className="block text-xs text-subtle">
                  {d.source} · {d.licence}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {signal.notes.length > 0 ? (
        <ul className="flex list-disc flex-col gap-1 pl-4 text-sm text-muted">
          {signal.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {signal.breakdown.map((b) => (
        <BreakdownTable key={b.title} breakdown={b} />
      ))}
    </Card>
  );
}
