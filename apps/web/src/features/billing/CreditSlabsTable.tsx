import { Coins } from 'lucide-react';
import { formatMoney, type CreditSlab } from '@parley/contracts';
import { formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { parseSort } from '../../lib/table-state';
import { useListState } from '../../lib/use-list-state';
import { Badge, type DataColumn, EditableListSection } from '../../ui';
import { useCreditSlabPage, useDeleteCreditSlab } from './catalogue-api';
import { CreditSlabDialog } from './CreditSlabDialog';

const label = (s: CreditSlab) => `${formatNumber(s.credits)} credits`;
const moneyOf = (m: CreditSlab['price']) => formatMoney(m.minor, m.currency);

/** Spec 3 §3 Credit slab: credits, price and discount; searched, sorted, paged; add, edit, delete. */
export function CreditSlabsTable() {
  const list = useListState({ sort: parseSort('createdAt:desc') });
  const page = useCreditSlabPage({ ...list.query, sort: list.order });
  const remove = useDeleteCreditSlab();

  const columns: DataColumn<CreditSlab>[] = [
    {
      id: 'credits',
      header: 'Credits',
      sortable: true,
      descFirst: true,
      cell: (s) => <span className="tabular font-medium text-fg">{formatNumber(s.credits)}</span>,
    },
    {
      id: 'price',
      header: 'Price',
      sortable: true,
      descFirst: true,
      cell: (s) => <span className="tabular">{moneyOf(s.price)}</span>,
    },
    {
      id: 'discount',
      header: 'Discount',
      sortable: true,
      descFirst: true,
      cell: (s) => <span className="tabular">{s.discount}%</span>,
    },
    {
      id: 'discountedPrice',
      header: 'Customer pays',
      cell: (s) => (
        <span className="tabular font-medium text-fg">{moneyOf(s.discountedPrice)}</span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (s) => (
        <Badge tone={s.isActive ? 'success' : 'neutral'}>
          {s.isActive ? 'On sale' : 'Retired'}
        </Badge>
      ),
    },
    {
      id: 'createdAt',
      header: 'Added',
      sortable: true,
      descFirst: true,
      cell: (s) => <span className="tabular text-muted">{formatDate(s.createdAt)}</span>,
    },
  ];

  return (
    <EditableListSection
      title="Credit slabs"
      search={{ label: 'Search credit slabs', placeholder: 'Search by credits' }}
      label="Credit slabs"
      list={list}
      result={page}
      columns={columns}
      nameOf={label}
      card={(s) => (
        <>
          <span className="font-medium text-fg">{label(s)}</span>
          <span className="tabular text-fg">
            {moneyOf(s.discountedPrice)}
            {s.discount ? <span className="text-muted"> ({s.discount}% off)</span> : null}
          </span>
        </>
      )}
      icon={Coins}
      noun="credit slabs"
      empty={{ title: 'No credit slab matches', description: 'Try another number.' }}
      singular="credit slab"
      dialog={(p) => <CreditSlabDialog {...p} />}
      deleteRow={(s) => remove.mutateAsync(s.id)}
      deleteDescription="Plans bought with it keep their credits."
    />
  );
}
