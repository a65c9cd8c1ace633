import { Puzzle } from 'lucide-react';
import { formatMoney, type Feature } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { parseSort } from '../../lib/table-state';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useEditor } from '../../lib/use-editor';
import { useListState } from '../../lib/use-list-state';
import {
  actionsColumn,
  type DataColumn,
  DeleteDialog,
  ListSection,
  RowActions,
  editAndDelete,
} from '../../ui';
import { useDeleteFeature, useFeaturePage } from './catalogue-api';
import { FeatureDialog } from './FeatureDialog';

const priceOf = (f: Pick<Feature, 'price'>) => formatMoney(f.price.minor, f.price.currency);

/** Spec 3 §3 Feature: name, description, url and price; searched, sorted, paged; add, edit, delete. */
export function FeaturesTable() {
  const list = useListState({ sort: parseSort('createdAt:desc') });
  const page = useFeaturePage({ ...list.query, sort: list.order });
  const editor = useEditor<Feature>();
  const remove = useDeleteFeature();
  const removal = useConfirmedAction((f: Feature) => remove.mutateAsync(f.id));
  const actionsOf = (f: Feature) => editAndDelete(f, editor.edit, removal.ask);

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
    actionsColumn((f) => f.name, actionsOf, { inline: true }),
  ];

  return (
    <ListSection
      title="Features"
      add={{ label: 'Add feature', onClick: editor.add }}
      search={{ label: 'Search features', placeholder: 'Search names and descriptions' }}
      label="Features"
      list={list}
      result={page}
      columns={columns}
      rowKey={(f) => f.id}
      rowLabel={(f) => f.name}
      renderCard={(f) => (
        <div className="flex items-start justify-between gap-3">
          <span className="flex min-w-0 flex-col gap-1">
            <span className="font-medium text-fg">{f.name}</span>
            <span className="tabular text-fg">{priceOf(f)}</span>
            {f.description ? <span className="text-sm text-muted">{f.description}</span> : null}
          </span>
          <RowActions label={f.name} items={actionsOf(f)} inline />
        </div>
      )}
      icon={Puzzle}
      noun="features"
      empty={{ title: 'No feature matches', description: 'Try another name.' }}
    >
      <FeatureDialog
        key={editor.key}
        open={editor.open}
        editing={editor.target}
        onClose={editor.close}
      />
      <DeleteDialog
        action={removal}
        name={(f) => f.name}
        noun="feature"
        description="A feature that a bundle holds cannot be deleted; take it out of the bundle first."
      />
    </ListSection>
  );
}
