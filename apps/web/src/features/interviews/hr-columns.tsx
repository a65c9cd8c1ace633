import { Link } from 'react-router';
import { Flag } from 'lucide-react';
import type { HrInterviewRow } from '@parley/contracts';
import { stripExtension } from '../../lib/format';
import { formatDate, formatTime } from '../../lib/datetime';
import { Badge, type DataColumn, type SortOption } from '../../ui';
import { LiveStatusChip } from '../meetings';
import { InterviewStatusBadge } from './StatusBadge';

export const hrRowLabel = (r: HrInterviewRow) =>
  r.candidate?.name ?? stripExtension(r.meeting.meetingName);

function MeetingLink({ row }: { row: HrInterviewRow }) {
  return (
    <Link
      to={`/interviews/${row.meeting.id}`}
      title={row.meeting.meetingName}
      className="block truncate text-sm text-fg hover:text-accent-text hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {stripExtension(row.meeting.meetingName)}
    </Link>
  );
}

function Candidate({ row }: { row: HrInterviewRow }) {
  if (!row.candidate) return <span className="text-sm text-subtle">No candidate</span>;
  return (
    <div className="flex min-w-0 flex-col">
      <span className="truncate font-medium text-fg">{row.candidate.name}</span>
      <span className="truncate text-xs text-muted">{row.candidate.email}</span>
    </div>
  );
}

function Round({ row }: { row: HrInterviewRow }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span className="tabular">Round {row.round}</span>
      {row.lastRound ? (
        <Badge tone="info" title="The candidate's last round">
          <Flag className="size-3" aria-hidden />
          Last
        </Badge>
      ) : null}
    </span>
  );
}

function Score({ value }: { value: number | null }) {
  return value === null ? (
    <span className="text-subtle" title="Not scored yet">
      —
    </span>
  ) : (
    <span className="tabular font-medium text-fg">{value}%</span>
  );
}

export function hrColumns(): DataColumn<HrInterviewRow>[] {
  return [
    {
      id: 'candidateName',
      header: 'Candidate',
      sortable: true,
      className: 'min-w-[200px] max-w-[260px]',
      cell: (r) => <Candidate row={r} />,
    },
    {
      id: 'meetingName',
      header: 'Interview',
      sortable: true,
      className: 'min-w-[180px] max-w-[260px]',
      cell: (r) => <MeetingLink row={r} />,
    },
    {
      id: 'job',
      header: 'Job',
      className: 'max-w-[200px] truncate',
      cell: (r) =>
        r.job ? (
          <span className="truncate text-sm">{r.job.title}</span>
        ) : (
          <span className="text-sm text-subtle">No job</span>
        ),
    },
    { id: 'round', header: 'Round', sortable: true, cell: (r) => <Round row={r} /> },
    {
      id: 'status',
      header: 'Status',
      cell: (r) => (
        <span className="flex flex-col items-start gap-0.5">
          <InterviewStatusBadge status={r.status} />
          {r.invitedAt ? (
            <span className="text-xs whitespace-nowrap text-muted">
              Invited {formatDate(r.invitedAt)}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'overallScore',
      header: 'Overall score',
      sortable: true,
      descFirst: true,
      className: 'whitespace-nowrap text-right',
      cell: (r) => <Score value={r.overallScore} />,
    },
    {
      id: 'startTime',
      header: 'Date',
      sortable: true,
      descFirst: true,
      className: 'whitespace-nowrap tabular',
      cell: (r) => (
        <span className="flex flex-col">
          {formatDate(r.meeting.startTime)}
          <span className="text-xs text-muted">{formatTime(r.meeting.startTime)}</span>
        </span>
      ),
    },
    {
      id: 'analysis',
      header: 'Analysis',
      cell: (r) => <LiveStatusChip meeting={r.meeting} />,
    },
  ];
}

export const HR_SORT_OPTIONS: SortOption[] = [
  { label: 'Newest first', sort: { id: 'startTime', desc: true } },
  { label: 'Oldest first', sort: { id: 'startTime', desc: false } },
  { label: 'Highest score first', sort: { id: 'overallScore', desc: true } },
  { label: 'Lowest score first', sort: { id: 'overallScore', desc: false } },
];

/** One interview as a card on narrow screens. */
export function HrCard({ row }: { row: HrInterviewRow }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Candidate row={row} />
      <MeetingLink row={row} />
      <p className="tabular flex flex-wrap gap-x-3 text-xs text-muted">
        <span>{row.job?.title ?? 'No job'}</span>
        <span className="whitespace-nowrap">{formatDate(row.meeting.startTime)}</span>
      </p>
      <div className="flex flex-wrap items-center gap-1.5">
        <Round row={row} />
        <InterviewStatusBadge status={row.status} />
        <Badge>
          Score <Score value={row.overallScore} />
        </Badge>
      </div>
    </div>
  );
}
