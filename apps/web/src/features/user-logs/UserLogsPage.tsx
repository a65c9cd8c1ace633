import { ScrollText } from 'lucide-react';
import { USER_LOG_MESSAGES, type UserLogEntry, type UserLogQuery } from '@parley/contracts';
import { isApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { formatNumber } from '../../lib/format';
import { formatDateTime } from '../../lib/datetime';
import { parseSort } from '../../lib/table-state';
import { useListState } from '../../lib/use-list-state';
import {
  Button,
  type DataColumn,
  DateRangeInputs,
  EmptyState,
  Figure,
  ListTable,
  NameAndEmail,
  PageHeader,
  SearchInput,
} from '../../ui';
import { DailyActivityChart } from '../../ui/charts/DailyActivityChart';
import { useUserLogs } from './api';
import { fillDays, logScopeFor, rangeFilter } from './model';

const DEFAULT_SORT = 'activityCount:desc';
const NO_RANGE = { from: '', to: '' };

const nameOf = (e: UserLogEntry) => `${e.firstName} ${e.lastName}`.trim() || e.email.email;
const lastActive = (iso: string | null) => (iso ? `${formatDateTime(iso)}` : 'No activity');

const COLUMNS: DataColumn<UserLogEntry>[] = [
  {
    id: 'firstName',
    header: 'User',
    sortable: true,
    cell: (e) => <NameAndEmail name={nameOf(e)} email={e.email.email} />,
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
  const list = useListState({ sort: parseSort(DEFAULT_SORT), filters: NO_RANGE });
  const range = list.filters;
  const filter = rangeFilter(range);
  const query: UserLogQuery = {
    ...list.query,
    sort: list.order,
    ...(filter ? { filter } : {}),
  };
  const logs = useUserLogs(scope, query);
  const failedTitle =
    scope.kind === 'organization'
      ? USER_LOG_MESSAGES.organizationLogsFailed
      : USER_LOG_MESSAGES.userLogsFailed;
  const data = logs.data;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="User Logs"
        className="pb-0"
        description={
          scope.kind === 'all'
            ? 'Activity across every organization.'
            : scope.kind === 'organization'
              ? `Activity across ${user?.organization?.name ?? 'your organization'}.`
              : 'Your activity in Parley.'
        }
      />
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
        {scope.kind !== 'user' ? (
          <SearchInput
            label="Search users"
            placeholder="Search by name or e-mail"
            {...list.searchBox}
            className="sm:max-w-xs"
          />
        ) : null}
        <DateRangeInputs
          value={range}
          clearLabel="All time"
          onChange={({ from, to }) => {
            list.setFilter('from', from);
            list.setFilter('to', to);
          }}
        />
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
            <Figure label="Activity" value={data?.activityCount} />
            <Figure label="Users" value={data?.count} />
          </dl>
          <DailyActivityChart
            days={fillDays(data?.days ?? [], range)}
            loading={logs.isLoading}
            testId="activity-chart"
            info="Every signed-in call to Parley counts once, on the day (UTC) it was made."
            emptyText="No activity in this range."
          />
          <ListTable
            label="User activity"
            list={list}
            result={logs}
            columns={COLUMNS}
            rowKey={(e) => e.userId}
            rowLabel={nameOf}
            renderCard={UserCard}
            icon={ScrollText}
            noun="users"
            empty={{ title: 'No user matches', description: 'Try another name or e-mail.' }}
          />
        </>
      )}
    </div>
  );
}
