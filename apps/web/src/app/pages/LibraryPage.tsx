import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CloudDownload, Library, Link2, SearchX, Trash2, Upload, Video } from 'lucide-react';
import type { Meeting } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { pageCount } from '../../lib/table-state';
import { Button, DataTable, EmptyState, LoadError, NoMatches, PageHeader } from '../../ui';
import {
  FromLinkDialog,
  FromStorageDialog,
  DeleteMeetingDialog,
  BulkDeleteDialog,
  CARD_SORT_OPTIONS,
  MeetingCard,
  meetingColumns,
  meetingLabel,
  FilterBar,
  categoriesFor,
  categoryFromSlug,
  categoryOf,
  useMeetingList,
  useMeetingListState,
  type TableFilters,
} from '../../features/meetings';
import { TranscriptSearchBox } from '../../features/search';
import { ShareDialog } from '../../features/sharing';
import { withAutoJoinColumn } from '../../features/calendars';
import { UploadDialog } from '../../features/uploads';

/** /library: the organisation's meetings (spec 2 §2 Meeting lists). */
export default function LibraryPage() {
  const navigate = useNavigate();
  const canManage = useCan('meetings.manage');
  const { user } = useAuth();
  const categories = useMemo(() => categoriesFor(user), [user]);
  const listState = useMeetingListState((slug) => categoryFromSlug(slug, categories).label);
  const { table, query, filtered, setPage } = listState;
  const category = categoryOf(table.filters.category, categories);
  const categoryOptions = useMemo(
    () => categories.map((c) => ({ value: c.label, label: c.label })),
    [categories],
  );
  const canUpload = useCan('meetings.upload');
  const [uploadOpen, setUploadOpen] = useState(false);
  const [adding, setAdding] = useState<'storage' | 'link' | null>(null);
  const [sharing, setSharing] = useState<Meeting | null>(null);
  const [deleting, setDeleting] = useState<Meeting | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);

  const list = useMeetingList(query, category.route);
  const rows = list.data?.data ?? [];
  const count = list.data?.count ?? 0;
  const nothing = !filtered && list.isSuccess && !list.isPlaceholderData && count === 0;
  // Only the whole library empty is a first run; an empty category keeps its selector.
  const firstRun = nothing && category.slug === '';
  const last = pageCount(count, table.pagination.pageSize) - 1;
  const beyondLast = list.isSuccess && !list.isPlaceholderData && table.pagination.pageIndex > last;

  // After deletions the current page may no longer exist: go to the last one.
  useEffect(() => {
    if (beyondLast) setPage(last);
  }, [beyondLast, last, setPage]);

  const actions = useMemo(
    () => ({
      open: (m: Meeting) => navigate(`/library/${m.id}`),
      ...(canManage
        ? { share: (m: Meeting) => setSharing(m), remove: (m: Meeting) => setDeleting(m) }
        : {}),
    }),
    [navigate, canManage],
  );
  const scheduled = category.slug === 'scheduled';
  const columns = useMemo(
    () => (scheduled ? withAutoJoinColumn(meetingColumns(actions)) : meetingColumns(actions)),
    [actions, scheduled],
  );

  const onFilter = <K extends keyof TableFilters>(key: K, value: TableFilters[K]) => {
    listState.setFilter(key, value);
    setSelected(new Set());
  };
  const uploadButton = (
    <Button onClick={() => setUploadOpen(true)}>
      <Upload aria-hidden />
      Upload
    </Button>
  );

  const addActions = (
    <>
      <Button variant="secondary" onClick={() => setAdding('storage')}>
        <CloudDownload aria-hidden />
        <span className="max-sm:sr-only">From storage</span>
      </Button>
      <Button variant="secondary" onClick={() => setAdding('link')}>
        <Link2 aria-hidden />
        <span className="max-sm:sr-only">Meeting link</span>
      </Button>
      <Button variant="secondary" asChild>
        <Link to="/rooms">
          <Video aria-hidden />
          <span className="max-sm:sr-only">Host a call</span>
        </Link>
      </Button>
      {uploadButton}
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Library"
        description="Your recorded meetings and their analysis."
        actions={canUpload ? addActions : undefined}
        className="pb-2"
      />
      <TranscriptSearchBox className="max-w-xl" />
      {firstRun ? (
        <EmptyState
          icon={Library}
          title={category.empty.title}
          description={category.empty.description}
          action={canUpload ? uploadButton : undefined}
        />
      ) : (
        <>
          <FilterBar
            filters={table.filters}
            filtered={filtered}
            onFilter={onFilter}
            onClear={listState.resetFilters}
            categories={{
              options: categoryOptions,
              onChange: (label) => {
                listState.setCategory(categoryOf(label, categories).slug);
                setSelected(new Set());
              },
            }}
          />
          {selected.size > 0 ? (
            <div
              className="flex items-center justify-between gap-3 rounded-card border border-border bg-accent-soft/50 px-3 py-2 text-sm"
              role="region"
              aria-label="Selection"
            >
              <span className="font-medium text-fg">{selected.size} selected</span>
              <div className="flex gap-2">
                <Button variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
                  Clear selection
                </Button>
                {canManage ? (
                  <Button variant="danger" size="sm" onClick={() => setBulkOpen(true)}>
                    <Trash2 aria-hidden />
                    Delete selected
                  </Button>
                ) : null}
              </div>
            </div>
          ) : null}
          <DataTable
            label="Meetings"
            columns={columns}
            rows={rows}
            rowKey={(m) => m.id}
            rowLabel={meetingLabel}
            loading={list.isLoading}
            refreshing={list.isPlaceholderData && list.isFetching}
            sort={table.sort}
            onSortChange={listState.setSort}
            selection={{ selected, onChange: setSelected }}
            renderCard={(m) => <MeetingCard meeting={m} actions={actions} />}
            cardSortOptions={CARD_SORT_OPTIONS}
            pagination={{
              pageIndex: table.pagination.pageIndex,
              pageSize: table.pagination.pageSize,
              count,
              noun: count === 1 ? 'meeting' : 'meetings',
              onPageChange: setPage,
            }}
            empty={
              list.isError ? (
                <LoadError
                  icon={SearchX}
                  what="The meetings"
                  onRetry={() => void list.refetch()}
                  className="border-0"
                />
              ) : nothing ? (
                <EmptyState
                  icon={Library}
                  title={category.empty.title}
                  description={category.empty.description}
                  className="border-0"
                />
              ) : (
                <NoMatches
                  what="meetings"
                  hint="Try other words or a wider date range."
                  onClear={listState.resetFilters}
                  className="border-0"
                />
              )
            }
          />
        </>
      )}
      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      <FromStorageDialog
        open={adding === 'storage'}
        onOpenChange={(o) => setAdding(o ? 'storage' : null)}
      />
      <FromLinkDialog open={adding === 'link'} onOpenChange={(o) => setAdding(o ? 'link' : null)} />
      <ShareDialog meeting={sharing} onOpenChange={(o) => !o && setSharing(null)} />
      <DeleteMeetingDialog
        meeting={deleting}
        onOpenChange={(o) => !o && setDeleting(null)}
        onDeleted={() => {
          const id = deleting?.id;
          if (id) setSelected((s) => new Set([...s].filter((x) => x !== id)));
        }}
      />
      <BulkDeleteDialog
        open={bulkOpen}
        ids={[...selected]}
        onOpenChange={setBulkOpen}
        onDone={() => setSelected(new Set())}
      />
    </div>
  );
}
