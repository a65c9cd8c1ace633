import { Receipt } from 'lucide-react';
import { formatMoney, type PlanStatus, type Subscription } from '@parley/contracts';
import { formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { parseSort } from '../../lib/table-state';
import { useListState } from '../../lib/use-list-state';
import { Badge, type BadgeTone, type DataColumn, ListSection } from '../../ui';
import { useSubscriptionPage } from './catalogue-api';

const STATUS: Record<PlanStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  pending: { label: 'Awaiting payment', tone: 'warning' },
  replaced: { label: 'Replaced', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

const StatusBadge = ({ status }: { status: PlanStatus }) => (
  <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>
);

/** Every organisation's plans (spec 3 §3 Subscription), newest first; read-only. */
export function SubscriptionsTable() {
  const list = useListState({ sort: parseSort('createdAt:desc') });
  const page = useSubscriptionPage({ ...list.query, sort: list.order });
  const columns: DataColumn<Subscription>[] = [
    {
      id: 'organizationName',
      header: 'Organization',
      cell: (s) => <span className="font-medium text-fg">{s.organizationName}</span>,
    },
    { id: 'name', header: 'Plan', sortable: true, cell: (s) => s.name },
    {
      id: 'bundles',
      header: 'Bundles',
      cell: (s) => <span className="text-muted">{s.bundles.join(', ') || '—'}</span>,
    },
    {
      id: 'price',
      header: 'Price',
      cell: (s) => (
        <span className="tabular">
          {formatMoney(s.discountedPrice.minor, s.discountedPrice.currency)}
        </span>
      ),
    },
    {
      id: 'remainingCredits',
      header: 'Credits left',
      cell: (s) => <span className="tabular">{formatNumber(s.remainingCredits)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (s) => <StatusBadge status={s.status} />,
    },
    {
      id: 'createdAt',
      header: 'Created',
      sortable: true,
      descFirst: true,
      cell: (s) => <span className="tabular text-muted">{formatDate(s.createdAt)}</span>,
    },
  ];
  return (
    <ListSection
      title="Subscriptions"
      description="Every organization’s plans: the active one, those awaiting payment, and earlier ones."
      search={{ label: 'Search subscriptions', placeholder: 'Search organizations and plans' }}
      label="Subscriptions"
      list={list}
      result={page}
      columns={columns}
      rowKey={(s) => s.id}
      rowLabel={(s) => `${s.organizationName}: ${s.name}`}
      renderCard={(s) => (
        <div className="flex flex-col gap-1">
          <span className="flex items-center justify-between gap-2">
            <span className="font-medium text-fg">{s.organizationName}</span>
            <StatusBadge status={s.status} />
          </span>
          <span className="text-sm text-fg">{s.name}</span>
          <span className="tabular text-sm text-muted">
            {formatMoney(s.discountedPrice.minor, s.discountedPrice.currency)} ·{' '}
            {formatNumber(s.remainingCredits)} credits left
          </span>
        </div>
      )}
      icon={Receipt}
      noun="subscriptions"
      empty={{ title: 'No subscription matches', description: 'Try another name.' }}
    />
  );
}
