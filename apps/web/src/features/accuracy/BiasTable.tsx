import type { AccuracyMetric, BiasRow } from '@parley/contracts';
import { DataTable, type DataColumn } from '../../ui';
import { formatMetric, percent } from './format';

const groupName = (r: BiasRow) => (r.dimension === 'gender' ? r.group : `Age ${r.group}`);

/** A share with its count and 95 % interval; a dash for a group with nothing to score. */
function Share({ metric }: { metric: AccuracyMetric }) {
  if (metric.value === null || !metric.count || !metric.interval)
    return <span className="text-subtle">—</span>;
  return (
    <span className="flex flex-col items-end">
      <span className="tabular font-medium">
        {formatMetric(metric)}{' '}
        <span className="font-normal text-muted">
          ({metric.count.k}/{metric.count.n})
        </span>
      </span>
      <span className="tabular text-xs text-subtle">
        {percent(metric.interval.low)}–{percent(metric.interval.high)}
      </span>
    </span>
  );
}

const SHARES = [
  { id: 'detected', header: 'Face found', pick: (r: BiasRow) => r.detected },
  { id: 'gender', header: 'Gender right', pick: (r: BiasRow) => r.gender },
  { id: 'age', header: 'Age within one group', pick: (r: BiasRow) => r.ageWithinOneBin },
] as const;

const columns: DataColumn<BiasRow>[] = [
  {
    id: 'group',
    header: 'Group',
    cell: (r) => <span className="font-medium">{groupName(r)}</span>,
  },
  { id: 'photos', header: 'Photos', className: 'text-right tabular', cell: (r) => r.photos },
  ...SHARES.map((s) => ({
    id: s.id,
    header: s.header,
    className: 'text-right',
    cell: (r: BiasRow) => <Share metric={s.pick(r)} />,
  })),
];

/** The face bias table: each figure by gender and by age group, with counts and intervals. */
export function BiasTable({ rows }: { rows: BiasRow[] }) {
  return (
    <DataTable
      label="Face accuracy by gender and age group"
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.dimension}:${r.group}`}
      rowLabel={groupName}
      renderCard={(r) => (
        <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1.5 text-sm">
          <dt className="font-medium text-fg">{groupName(r)}</dt>
          <dd className="tabular text-right text-muted">{r.photos} photos</dd>
          {SHARES.map((s) => (
            <div key={s.id} className="contents">
              <dt className="text-muted">{s.header}</dt>
              <dd className="text-right text-fg">
                <Share metric={s.pick(r)} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    />
  );
}
