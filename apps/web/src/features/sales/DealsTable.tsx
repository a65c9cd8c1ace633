import { Link } from 'react-router';
import { Briefcase, Plus } from 'lucide-react';
import type { Deal, MeetingStage } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { useListState } from '../../lib/use-list-state';
import {
  actionsColumn,
  Badge,
  Button,
  ListTable,
  RowActions,
  SearchInput,
  type ActionMenuItem,
  type DataColumn,
  type SortOption,
  editAndDelete,
} from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useDeal, useDeals, type SalesFilters } from './api';
import { formatAmount, formatCloseDate } from './model';
import { DealWarnings } from './DealWarnings';
import { NextStepCell, nextStepWords } from './DealNextStep';

interface DealsTableProps {
  stage: MeetingStage | 'all';
  filters: SalesFilters;
  canManage: boolean;
  onNew(): void;
  onEdit(deal: Deal): void;
  onDelete(deal: Deal): void;
}

const CARD_SORTS: SortOption[] = [
  { label: 'Newest first', sort: { id: 'createdAt', desc: true } },
  { label: 'Name, A to Z', sort: { id: 'name', desc: false } },
  { label: 'Amount, largest first', sort: { id: 'amount', desc: true } },
  { label: 'Close date, soonest first', sort: { id: 'closeDate', desc: false } },
];

const dealLink = (d: Deal) => (
  <Link
    to={`/accounts/deals/${d.id}`}
    className="font-medium text-fg hover:text-accent-text hover:underline"
    data-testid="deal-link"
  >
    {d.name}
  </Link>
);

/**
 * Deals (spec 2 §2): each deal with its amount, stage, owner, last call, next step and calls, sorted and
 * paged by the server; the view's filters apply (the opportunity filter shows that deal).
 */
export function DealsTable({
  stage,
  filters,
  canManage,
  onNew,
  onEdit,
  onDelete,
}: DealsTableProps) {
  const list = useListState({ sort: { id: 'createdAt', desc: true } });
  const deals = useDeals({
    ...list.query,
    ...(list.order ? { order: list.order } : {}),
    ...(stage === 'all' ? {} : { stage }),
    ...(filters.account ? { accountId: filters.account } : {}),
    ...(filters.nameId ? { ownerId: filters.nameId } : {}),
  });
  const one = useDeal(filters.opportunity || undefined);
  const result = filters.opportunity
    ? {
        ...one,
        isFetching: one.isFetching,
        data: one.data ? { data: [one.data], count: 1 } : undefined,
      }
    : deals;

  const actionsOf = (d: Deal): ActionMenuItem[] =>
    canManage ? editAndDelete(d, onEdit, onDelete) : [];

  const columns: DataColumn<Deal>[] = [
    {
      id: 'name',
      header: 'Deal',
      sortable: true,
      cell: (d) => (
        <div className="flex flex-wrap items-center gap-2">
          {dealLink(d)}
          <DealWarnings warnings={d.warnings} />
        </div>
      ),
    },
    {
      id: 'account',
      header: 'Account',
      cell: (d) => d.accountName ?? <span className="text-subtle">—</span>,
    },
    { id: 'stage', header: 'Stage', cell: (d) => <Badge>{STAGE_LABELS[d.stage]}</Badge> },
    {
      id: 'amount',
      header: 'Amount',
      sortable: true,
      descFirst: true,
      className: 'text-right whitespace-nowrap',
      cell: (d) => <span className="tabular">{formatAmount(d.amount, d.currency)}</span>,
    },
    {
      id: 'closeDate',
      header: 'Close date',
      sortable: true,
      className: 'whitespace-nowrap',
      cell: (d) => <span className="tabular text-muted">{formatCloseDate(d.closeDate)}</span>,
    },
    {
      id: 'owner',
      header: 'Owner',
      cell: (d) => d.ownerName ?? <span className="text-subtle">—</span>,
    },
    {
      id: 'lastCall',
      header: 'Last call',
      className: 'whitespace-nowrap',
      cell: (d) => (
        <span className="tabular text-muted">
          {d.lastMeetingAt ? formatDate(d.lastMeetingAt) : '—'}
        </span>
      ),
    },
    {
      id: 'nextStep',
      header: 'Next step',
      cell: (d) => <NextStepCell step={d.nextStep} />,
    },
    {
      id: 'calls',
      header: 'Calls',
      className: 'text-right',
      cell: (d) => <span className="tabular">{d.meetingsCount}</span>,
    },
    ...(canManage ? [actionsColumn<Deal>((d) => d.name, actionsOf)] : []),
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SearchInput label="Search deals" className="w-full sm:w-72" {...list.searchBox} />
      </div>
      <ListTable
        label="Deals"
        columns={columns}
        list={list}
        result={result}
        icon={Briefcase}
        noun="deals"
        rowKey={(d) => d.id}
        rowLabel={(d) => d.name}
        empty={{
          title: canManage ? 'No deals yet — create one' : 'No deals yet',
          noMatch: 'No deals match',
          description: canManage ? (
            <span className="flex flex-col items-center gap-3">
              Deals hold an account’s opportunity: its stage, amount, close date, contacts and
              calls.
              <Button onClick={onNew}>
                <Plus aria-hidden /> New deal
              </Button>
            </span>
          ) : (
            'Deals are created by your sales manager or synced from your CRM.'
          ),
        }}
        cardSortOptions={CARD_SORTS}
        renderCard={(d) => (
          <div className="flex flex-col gap-1.5">
            <div className="flex items-start justify-between gap-2">
              <div className="flex flex-wrap items-center gap-2">
                {dealLink(d)}
                <DealWarnings warnings={d.warnings} />
              </div>
              <RowActions label={d.name} items={actionsOf(d)} />
            </div>
            <p className="tabular text-sm text-fg">
              {formatAmount(d.amount, d.currency)}{' '}
              <span className="text-muted">· {d.accountName ?? 'No account'}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
              <Badge>{STAGE_LABELS[d.stage]}</Badge>
              <span>Closes {formatCloseDate(d.closeDate)}</span>
            </div>
            <p className="line-clamp-2 text-xs text-muted" data-testid="next-step">
              Next step: {nextStepWords(d.nextStep).text}
            </p>
            <p className="text-xs text-muted">
              {d.ownerName ?? 'No owner'} · {d.meetingsCount}{' '}
              {d.meetingsCount === 1 ? 'call' : 'calls'}
              {d.lastMeetingAt ? `, last ${formatDate(d.lastMeetingAt)}` : ''}
            </p>
          </div>
        )}
      />
    </div>
  );
}
