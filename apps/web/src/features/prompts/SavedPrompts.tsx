import { useState } from 'react';
import { FileText, Tag, Trash2 } from 'lucide-react';
import type { StoredPrompt } from '@parley/contracts';
import { toast } from '../../lib/toast';
import type { SortState } from '../../lib/table-state';
import {
  Badge,
  Button,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  LoadError,
  SearchInput,
  SelectField,
} from '../../ui';
import { useDeletePrompt, usePromptTags, useSavedPrompts } from './api';

const PAGE_SIZE = 10;
const ALL = 'all';

/** The saved-prompt list: search, access filter, sort, pages; load or delete a prompt. */
export function SavedPrompts({ onLoad }: { onLoad(prompt: StoredPrompt): void }) {
  const [search, setSearch] = useState('');
  const [access, setAccess] = useState(ALL);
  // Spec 3 §9: prompts sort updatedAt ascending.
  const [sort, setSort] = useState<SortState>({ id: 'updatedAt', desc: false });
  const [page, setPage] = useState(0);
  const [removing, setRemoving] = useState<StoredPrompt | null>(null);
  const list = useSavedPrompts({
    page,
    size: PAGE_SIZE,
    sort: `${sort.id}:${sort.desc ? 'desc' : 'asc'}`,
    ...(search.trim() ? { search } : {}),
    ...(access !== ALL ? { filter: `access:eq:${access}` } : {}),
  });
  const tags = usePromptTags();
  const remove = useDeletePrompt();

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
      cell: (p) => (
        <span className="tabular text-muted">{new Date(p.updatedAt).toLocaleString()}</span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'w-12 text-right',
      cell: (p) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Delete ${p.promptName}`}
          onClick={() => setRemoving(p)}
        >
          <Trash2 className="size-4" aria-hidden />
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="saved-heading" className="flex flex-col gap-3">
      <h2 id="saved-heading" className="text-lg font-semibold text-fg">
        Saved prompts
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          label="Search prompts"
          placeholder="Search name, text or tag"
          value={search}
          onChange={(text) => {
            setSearch(text);
            setPage(0);
          }}
        />
        <SelectField
          label="Show"
          labelInside
          value={access}
          onValueChange={(v) => {
            setAccess(v);
            setPage(0);
          }}
          options={[
            { value: ALL, label: 'All' },
            { value: 'Private', label: 'Private' },
            { value: 'Public', label: 'Public' },
          ]}
          className="w-44"
        />
      </div>
      {tags.data?.data.length ? (
        <div className="flex flex-wrap items-center gap-2" aria-label="Tags">
          <Tag className="size-4 text-subtle" aria-hidden />
          {tags.data.data.map((t) => (
            <button
              key={t}
              type="button"
              onClick={() => {
                setSearch(t);
                setPage(0);
              }}
              className="rounded-control border border-border bg-surface-2 px-2 py-0.5 text-xs text-muted hover:text-fg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t}
            </button>
          ))}
        </div>
      ) : null}
      {list.isError ? (
        <LoadError icon={FileText} what="The saved prompts" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          label="Saved prompts"
          columns={columns}
          rows={list.data?.data ?? []}
          rowKey={(p) => p.id}
          rowLabel={(p) => p.promptName}
          loading={list.isLoading}
          refreshing={list.isFetching && !list.isLoading}
          sort={sort}
          onSortChange={(s) => {
            setSort(s);
            setPage(0);
          }}
          empty={
            <EmptyState
              icon={FileText}
              title={search || access !== ALL ? 'No prompt matches' : 'No saved prompts yet'}
              description="Write a prompt above, run it, then save it to find it here."
            />
          }
          pagination={{
            pageIndex: page,
            pageSize: PAGE_SIZE,
            count: list.data?.count ?? 0,
            onPageChange: setPage,
            noun: 'prompts',
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Delete ${removing?.promptName ?? 'prompt'}?`}
        description="The prompt and its saved result are removed for everyone who could see it."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: (res) => {
              toast({ title: res.message, variant: 'success' });
              setRemoving(null);
            },
          });
        }}
      />
    </section>
  );
}
