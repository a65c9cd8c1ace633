import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import { USER_LOG_MESSAGES, type UserLogEntry, type UserLogQuery } from '@parley/contracts';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { formatDayMonthYear, formatNumber, formatTime12 } from '../../lib/format';
import { parseSort, sortToOrder, type SortState } from '../../lib/table-state';
import { useDebouncedValue } from '../../lib/use-debounced';
import {
  Button,
  type DataColumn,
  DataTable,
  DateInput,
  EmptyState,
  PageHeader,
  SearchInput,
} from '../../ui';
import { DailyActivityChart } from '../../ui/charts/DailyActivityChart';
import { useUserLogs } from './api';
import { fillDays, logScopeFor, rangeFilter } from './model';

const PAGE_SIZE = 10;
const DEFAULT_SORT = 'activityCount:desc';
const NO_RANGE = { from: '', to: '' };

const nameOf = (e: UserLogEntry) => `${e.firstName} ${e.lastName}`.trim() || e.email.email;
const lastActive = (iso: string | null) =>
  iso ? `${formatDayMonthYear(iso)}, ${formatTime12(iso)}` : 'No activity';

const COLUMNS: DataColumn<UserLogEntry>[] = [
  {
    id: 'firstName',
    header: 'User',
    sortable: true,
    cell: (e) => (
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-fg">{nameOf(e)}</span>
        <span className="truncate text-xs text-muted">{e.email.email}</span>
      </span>
    ),
  },
  {
    id: 'activityCount',
    header: 'Activity',
    sortable: true,
    descFirst: true,
    className: 'text-right',
    cell: (e) => <span className="tabular">{formatNumber(e.activityCount)}</span>,
  },
  {
    id: 'lastActivityAt',
    header: 'Last active',
    sortable: true,
    descFirst: true,
    cell: (e) => <span className="tabular text-muted">{lastActive(e.lastActivityAt)}</span>,
  },
];

function UserCard(e: UserLogEntry) {
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-fg">{nameOf(e)}</span>
        <span className="truncate text-xs text-muted">{e.email.email}</span>
        <span className="text-xs text-subtle">{lastActive(e.lastActivityAt)}</span>
      </span>
      <span className="tabular shrink-0 text-lg font-semibold text-fg">
        {formatNumber(e.activityCount)}
      </span>
    </div>
  );
}

/** /user-logs (spec 3 §7 User logs): who used Parley and when, per user and per day. */
export default function UserLogsPage() {
  const user = useAuth().user;
  const scope = user ? logScopeFor(user) : { kind: 'user' as const, id: '' };
  const [search, setSearch] = useState('');
  const [range, setRange] = useState(NO_RANGE);
  const [sort, setSort] = useState<SortState>(parseSort(DEFAULT_SORT));
  const [page, setPage] = useState(0);
  const debounced = useDebouncedValue(search.trim());
  const filter = rangeFilter(range);
  const query: UserLogQuery = {
    page,
    size: PAGE_SIZE,
    sort: sortToOrder(sort),
    ...(debounced ? { search: debounced } : {}),
    ...(filter ? { filter } : {}),
  };
  const logs = useUserLogs(scope, query);
  const failedTitle =
    scope.kind === 'organization'
      ? USER_LOG_MESSAGES.organizationLogsFailed
      : USER_LOG_MESSAGES.userLogsFailed;
  const resetPage =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(0);
    };
  const changeRange = resetPage(setRange);
  const data = logs.data;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="User Logs"
        className="pb-0"
        description={
          scope.kind === 'all'
            ? 'Activity across every organisation.'
            : scope.kind === 'organization'
              ? `Activity across ${user?.organization?.name ?? 'your organisation'}.`
              : 'Your activity in Parley.'
        }
      />
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
        {scope.kind !== 'user' ? (
          <SearchInput
            label="Search users"
            placeholder="Search by name or e-mail"
            value={search}
            onValueChange={resetPage(setSearch)}
            className="sm:max-w-xs"
          />
        ) : null}
        <DateInput
          label="From"
          value={range.from}
          max={range.to || undefined}
          onChange={(from) => changeRange({ ...range, from })}
        />
        <DateInput
          label="To"
          value={range.to}
          min={range.from || undefined}
          onChange={(to) => changeRange({ ...range, to })}
        />
        {range.from || range.to ? (
          <Button variant="ghost" size="sm" onClick={() => changeRange(NO_RANGE)}>
            All time
          </Button>
        ) : null}
      </div>

      {logs.isError ? (
        <EmptyState
          icon={ScrollText}
          title={failedTitle}
          description={
            isApiError(logs.error) && logs.error.serverMessage
              ? logs.error.serverMessage
              : 'Check your connection and try again.'
          }
          action={
            <Button variant="secondary" onClick={() => void logs.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
            <Stat label="Activity" value={data ? formatNumber(data.activityCount) : '—'} />
            <Stat label="Users" value={data ? formatNumber(data.count) : '—'} />
          </dl>
          <DailyActivityChart
            days={fillDays(data?.days ?? [], range)}
            loading={logs.isLoading}
            testId="activity-chart"
            info="Every signed-in call to Parley counts once, on the day (UTC) it was made."
            emptyText="No activity in this range."
          />
          <DataTable
            label="User activity"
            columns={COLUMNS}
            rows={data?.data ?? []}
            rowKey={(e) => e.userId}
            rowLabel={nameOf}
            loading={logs.isLoading}
            refreshing={logs.isFetching && !logs.isLoading}
            sort={sort}
            onSortChange={resetPage(setSort)}
            renderCard={UserCard}
            empty={
              <EmptyState
                icon={ScrollText}
                title="No user matches"
                description="Try another name or e-mail."
              />
            }
            pagination={{
              pageIndex: page,
              pageSize: PAGE_SIZE,
              count: data?.count ?? 0,
              onPageChange: setPage,
              noun: 'users',
            }}
          />
        </>
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-card border border-border bg-surface p-4 shadow-sm">
      <dt className="text-xs font-medium text-subtle">{label}</dt>
      <dd className="tabular text-2xl font-semibold text-fg">{value}</dd>
    </div>
  );
}
