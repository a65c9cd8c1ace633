import { Puzzle } from 'lucide-react';
import { formatMoney, type Feature } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { parseSort } from '../../lib/table-state';
import { useListState } from '../../lib/use-list-state';
import { type DataColumn, EditableListSection } from '../../ui';
import { useDeleteFeature, useFeaturePage } from './catalogue-api';
import { FeatureDialog } from './FeatureDialog';

const priceOf = (f: Pick<Feature, 'price'>) => formatMoney(f.price.minor, f.price.currency);

/** Spec 3 §3 Feature: name, description, url and price; searched, sorted, paged; add, edit, delete. */
export function FeaturesTable() {
  const list = useListState({ sort: parseSort('createdAt:desc') });
  const page = useFeaturePage({ ...list.query, sort: list.order });
  const remove = useDeleteFeature();

  const columns: DataColumn<Feature>[] = [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      cell: (f) => <span className="font-medium text-fg">{f.name}</span>,
    },
    {
      id: 'description',
      header: 'Description',
      cell: (f) => <span className="text-muted">{f.description || '—'}</span>,
    },
    {
      id: 'price',
      header: 'Price',
      sortable: true,
      descFirst: true,
      cell: (f) => <span className="tabular">{priceOf(f)}</span>,
    },
    {
      id: 'createdAt',
      header: 'Added',
      sortable: true,
      descFirst: true,
      cell: (f) => <span className="tabular text-muted">{formatDate(f.createdAt)}</span>,
    },
  ];

  return (
    <EditableListSection
      title="Features"
      search={{ label: 'Search features', placeholder: 'Search names and descriptions' }}
      label="Features"
      list={list}
      result={page}
      columns={columns}
      nameOf={(f) => f.name}
      card={(f) => (
        <>
          <span className="font-medium text-fg">{f.name}</span>
          <span className="tabular text-fg">{priceOf(f)}</span>
          {f.description ? <span className="text-sm text-muted">{f.description}</span> : null}
        </>
      )}
      icon={Puzzle}
      noun="features"
      empty={{ title: 'No feature matches', description: 'Try another name.' }}
      singular="feature"
      dialog={(p) => <FeatureDialog {...p} />}
      deleteRow={(f) => remove.mutateAsync(f.id)}
      deleteDescription="A feature that a bundle holds cannot be deleted; take it out of the bundle first."
    />
  );
}
