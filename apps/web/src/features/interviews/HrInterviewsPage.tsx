import { useEffect, useMemo, useState } from 'react';
import { BriefcaseBusiness, SearchX, Upload, Users } from 'lucide-react';
import type { HrInterviewRow } from '@parley/contracts';
import { pageCount } from '../../lib/table-state';
import {
  Button,
  DataTable,
  EmptyState,
  FeatureGate,
  LoadError,
  NoMatches,
  PageHeader,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '../../ui';
import { UploadDialog } from '../uploads';
import { HR_FEATURE, useHiring, useHrList, useJobs } from './api';
import { BulkBar } from './BulkBar';
import { HrFilterBar } from './HrFilterBar';
import { HR_SORT_OPTIONS, HrCard, hrColumns, hrRowLabel } from './hr-columns';
import { useHrListState } from './hr-list-state';
import { JobsDialog } from './JobsDialog';

const ALL_ROUNDS = 'all';

/**
 * /interviews for the hiring team (spec 2 §2 HR interviews): tabs per round, filters by status,
 * job and date, search by candidate, sort by overall score or date, and bulk Qualify / status /
 * Send invitation on the selected rows.
 */
export default function HrInterviewsPage() {
  const { allowed, hasFeature } = useHiring();
  const header = (
    <PageHeader
      title="Interviews"
      description="Candidates by round: qualify them and invite them to the next round."
    />
  );
  if (!allowed) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <EmptyState
          icon={Users}
          title="Interviews are for the hiring team"
          description="Your role does not manage interviews. Ask your organization's point of contact if you need to."
        />
      </div>
    );
  }
  if (!hasFeature) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <FeatureGate feature={HR_FEATURE} className="h-96">
          <div className="h-96" />
        </FeatureGate>
      </div>
    );
  }
  return <HrList />;
}

function HrList() {
  const state = useHrListState();
  const { query, filters, sort, pagination } = state;
  const roundTab = filters.round === null ? ALL_ROUNDS : String(filters.round);
  const list = useHrList(query);
  const jobs = useJobs();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [jobsOpen, setJobsOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);

  const rows = list.data?.data ?? [];
  const count = list.data?.count ?? 0;
  const rounds = list.data?.rounds ?? [];
  const total = rounds.reduce((n, r) => n + r.count, 0);
  const firstRun =
    !state.filtered &&
    filters.round === null &&
    list.isSuccess &&
    !list.isPlaceholderData &&
    count === 0;
  const last = pageCount(count, pagination.pageSize) - 1;
  const beyondLast = list.isSuccess && !list.isPlaceholderData && pagination.pageIndex > last;
  useEffect(() => {
    if (beyondLast) state.setPage(last);
  }, [beyondLast, last, state]);

  const names = useMemo(
    () => new Map((list.data?.data ?? []).map((r) => [r.meeting.id, hrRowLabel(r)])),
    [list.data],
  );
  const columns = useMemo(() => hrColumns(), []);
  const clearSelection = () => setSelected(new Set());
  const actions = (
    <>
      <Button variant="secondary" onClick={() => setJobsOpen(true)}>
        <BriefcaseBusiness aria-hidden />
        Jobs
      </Button>
      <Button onClick={() => setUploadOpen(true)}>
        <Upload aria-hidden />
        Upload interview
      </Button>
    </>
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Interviews"
        description="Candidates by round: qualify them and invite them to the next round."
        actions={actions}
        className="pb-2"
      />
      {firstRun ? (
        <EmptyState
          icon={Users}
          title="No interviews yet"
          description="Create a job with its interview kit, then upload an interview and set its job and candidate."
          action={
            <Button onClick={() => setJobsOpen(true)}>
              <BriefcaseBusiness aria-hidden />
              Manage jobs
            </Button>
          }
        />
      ) : (
        <Tabs
          value={roundTab}
          className="flex flex-col gap-4"
          onValueChange={(v) => {
            state.setFilter('round', v === ALL_ROUNDS ? null : Number(v));
            clearSelection();
          }}
        >
          <TabsList aria-label="Rounds">
            <TabsTrigger value={ALL_ROUNDS}>
              All rounds <span className="tabular text-xs text-muted">{total}</span>
            </TabsTrigger>
            {rounds.map((r) => (
              <TabsTrigger key={r.round} value={String(r.round)}>
                Round {r.round} <span className="tabular text-xs text-muted">{r.count}</span>
              </TabsTrigger>
            ))}
          </TabsList>
          {/* The chosen round's interviews are its tab's panel. */}
          <TabsContent value={roundTab} className="flex flex-col gap-4">
            <HrFilterBar
              state={{
                ...state,
                setFilter: (key, value) => {
                  state.setFilter(key, value);
                  clearSelection();
                },
              }}
              jobs={jobs.data?.data ?? []}
            />
            {selected.size > 0 ? (
              <BulkBar selected={selected} names={names} onClear={clearSelection} />
            ) : null}
            <DataTable<HrInterviewRow>
              label="Interviews"
              columns={columns}
              rows={rows}
              rowKey={(r) => r.meeting.id}
              rowLabel={hrRowLabel}
              loading={list.isLoading}
              refreshing={list.isPlaceholderData && list.isFetching}
              sort={sort}
              onSortChange={state.setSort}
              selection={{ selected, onChange: setSelected }}
              renderCard={(r) => <HrCard row={r} />}
              cardSortOptions={HR_SORT_OPTIONS}
              pagination={{
                pageIndex: pagination.pageIndex,
                pageSize: pagination.pageSize,
                count,
                noun: count === 1 ? 'interview' : 'interviews',
                onPageChange: (p) => {
                  state.setPage(p);
                  clearSelection();
                },
              }}
              empty={
                list.isError ? (
                  <LoadError
                    icon={SearchX}
                    what="The interviews"
                    onRetry={() => void list.refetch()}
                    className="border-0"
                  />
                ) : (
                  <NoMatches
                    what="interviews"
                    hint="Try another round, status, job or a wider date range."
                    onClear={state.resetFilters}
                    className="border-0"
                  />
                )
              }
            />
          </TabsContent>
        </Tabs>
      )}
      <JobsDialog open={jobsOpen} onOpenChange={setJobsOpen} />
      <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} interview />
    </div>
  );
}
