import { Package } from 'lucide-react';
import { formatMoney, type Bundle } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { parseSort } from '../../lib/table-state';
import { useListState } from '../../lib/use-list-state';
import { Badge, type DataColumn, EditableListSection } from '../../ui';
import { BundleDialog } from './BundleDialog';
import { useBundlePage, useDeleteBundle } from './catalogue-api';

const featureNames = (b: Bundle) => b.features.map((f) => f.name).join(', ');

/** Spec 3 §3 Bundle: its name, features and price, searched, sorted, paged; add, edit, delete. */
export function BundlesTable() {
  const list = useListState({ sort: parseSort('createdAt:desc') });
  const page = useBundlePage({ ...list.query, sort: list.order });
  const remove = useDeleteBundle();

  const columns: DataColumn<Bundle>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      cell: (b) => (
        <span className="flex flex-col">
          <span className="font-medium text-fg">{b.name}</span>
          {b.description ? <span className="text-xs text-muted">{b.description}</span> : null}
        </span>
      ),
    },
    {
      id: 'features',
      header: 'Features',
      cell: (b) => <span className="text-muted">{featureNames(b)}</span>,
    },
    {
      id: 'price',
      header: 'Price',
      cell: (b) => <span className="tabular">{formatMoney(b.price.minor, b.price.currency)}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (b) => (
        <span className="flex flex-wrap gap-1">
          <Badge tone={b.isActive ? 'success' : 'neutral'}>
            {b.isActive ? 'On sale' : 'Retired'}
          </Badge>
          {b.planCount ? (
            <Badge tone="info">{`${b.planCount} ${b.planCount === 1 ? 'plan' : 'plans'}`}</Badge>
          ) : null}
        </span>
      ),
    },
    {
      id: 'createdAt',
      header: 'Added',
      sortable: true,
      descFirst: true,
      cell: (b) => <span className="tabular text-muted">{formatDate(b.createdAt)}</span>,
    },
  ];

  return (
    <EditableListSection
      title="Bundles"
      search={{ label: 'Search bundles', placeholder: 'Search names and descriptions' }}
      label="Bundles"
      list={list}
      result={page}
      columns={columns}
      nameOf={(b) => b.name}
      card={(b) => (
        <>
          <span className="font-medium text-fg">{b.name}</span>
          <span className="tabular text-fg">{formatMoney(b.price.minor, b.price.currency)}</span>
          <span className="text-sm text-muted">{featureNames(b)}</span>
        </>
      )}
      icon={Package}
      noun="bundles"
      empty={{ title: 'No bundle matches', description: 'Try another name.' }}
      singular="bundle"
      dialog={(p) => <BundleDialog {...p} />}
      deleteRow={(b) => remove.mutateAsync(b.id)}
      deleteDescription="A bundle that any plan holds cannot be deleted; take it off sale instead."
    />
  );
}
