import { FileText, Tag, Trash2 } from 'lucide-react';
import type { StoredPrompt } from '@parley/contracts';
import { formatDateTime } from '../../lib/datetime';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useListState } from '../../lib/use-list-state';
import {
  actionsColumn,
  Badge,
  DeleteDialog,
  type DataColumn,
  ListSection,
  SelectField,
} from '../../ui';
import { useDeletePrompt, usePromptTags, useSavedPrompts } from './api';

const ALL = 'all';

/** The saved-prompt list: search, access filter, sort, pages; load or delete a prompt. */
export function SavedPrompts({ onLoad }: { onLoad(prompt: StoredPrompt): void }) {
  // Spec 3 §9: prompts sort updatedAt ascending.
  const list = useListState({ sort: { id: 'updatedAt', desc: false }, filters: { access: ALL } });
  const { access } = list.filters;
  const prompts = useSavedPrompts({
    ...list.query,
    sort: list.order,
    ...(access !== ALL ? { filter: `access:eq:${access}` } : {}),
  });
  const tags = usePromptTags();
  const remove = useDeletePrompt();
  const removal = useConfirmedAction((p: StoredPrompt) => remove.mutateAsync(p.id));

  const columns: DataColumn<StoredPrompt>[] = [
    {
      id: 'promptName',
      header: 'Name',
      sortable: true,
      cell: (p) => (
        <button
          type="button"
          className="text-left font-medium text-accent-text hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => onLoad(p)}
        >
          {p.promptName}
        </button>
      ),
    },
    {
      id: 'access',
      header: 'Access',
      cell: (p) => <Badge tone={p.access === 'Public' ? 'info' : 'neutral'}>{p.access}</Badge>,
    },
    {
      id: 'tags',
      header: 'Tags',
      cell: (p) => (
        <span className="flex flex-wrap gap-1">
          {p.tags.map((t) => (
            <Badge key={t} tone="accent">
              {t}
            </Badge>
          ))}
        </span>
      ),
    },
    {
      id: 'model',
      header: 'Model',
      cell: (p) => <span className="tabular text-muted">{p.model}</span>,
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      sortable: true,
      cell: (p) => <span className="tabular text-muted">{formatDateTime(p.updatedAt)}</span>,
    },
    actionsColumn(
      (p) => p.promptName,
      (p) => [{ label: 'Delete', icon: Trash2, onSelect: () => removal.ask(p) }],
    ),
  ];

  return (
    <ListSection
      title="Saved prompts"
      search={{ label: 'Search prompts', placeholder: 'Search name, text or tag' }}
      filters={
        <SelectField
          label="Show"
          labelInside
          value={access}
          onValueChange={(v) => list.setFilter('access', v)}
          options={[
            { value: ALL, label: 'All' },
            { value: 'Private', label: 'Private' },
            { value: 'Public', label: 'Public' },
          ]}
          className="w-44"
        />
      }
      above={
        tags.data?.data.length ? (
          <div className="flex flex-wrap items-center gap-2" aria-label="Tags">
            <Tag className="size-4 text-subtle" aria-hidden />
            {tags.data.data.map((t) => (
              <button
                key={t}
                type="button"
                onClick={() => list.setSearch(t)}
                className="rounded-control border border-border bg-surface-2 px-2 py-0.5 text-xs text-muted hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {t}
              </button>
            ))}
          </div>
        ) : null
      }
      label="Saved prompts"
      list={list}
      result={prompts}
      columns={columns}
      rowKey={(p) => p.id}
      rowLabel={(p) => p.promptName}
      icon={FileText}
      noun="prompts"
      what="The saved prompts"
      empty={{
        title: 'No saved prompts yet',
        noMatch: 'No prompt matches',
        description: 'Write a prompt above, run it, then save it to find it here.',
      }}
    >
      <DeleteDialog
        action={removal}
        name={(p) => p.promptName}
        noun="prompt"
        description="The prompt and its saved result are removed for everyone who could see it."
      />
    </ListSection>
  );
}
