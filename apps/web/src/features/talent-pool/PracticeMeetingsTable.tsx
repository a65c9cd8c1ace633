import { Link } from 'react-router';
import { Video } from 'lucide-react';
import type { PracticeMeeting } from '@parley/contracts';
import { formatCalendarDay } from '../../lib/datetime';
import { useListState } from '../../lib/use-list-state';
import { Badge, DateRangeInputs, ListTable, SearchInput, type DataColumn } from '../../ui';
import { usePracticeMeetings } from './api';
import { scoreTone } from './practice-model';

const STATUS: Record<PracticeMeeting['inferenceStatus'], string> = {
  uploaded: 'Uploaded',
  queued: 'Waiting for analysis',
  analysing: 'Analysing',
  processed: 'Analysed',
  failed: 'Analysis failed',
};

function Score({ m }: { m: PracticeMeeting }) {
  if (m.overallScore !== null)
    return <Badge tone={scoreTone(m.overallScore)}>{m.overallScore} / 100</Badge>;
  return <span className="text-sm text-subtle">{STATUS[m.inferenceStatus]}</span>;
}

const job = (m: PracticeMeeting) =>
  m.mockInterview
    ? `${m.mockInterview.jobRole} · ${m.mockInterview.companyName} · ${m.mockInterview.level}`
    : 'Own recording';

const columns: DataColumn<PracticeMeeting>[] = [
  {
    id: 'meeting',
    header: 'Practice',
    cell: (m) => (
      <div className="min-w-0">
        <Link
          to={`/library/${m.id}`}
          className="block truncate font-medium text-fg hover:text-accent-text hover:underline"
        >
          {m.title || m.meetingName}
        </Link>
        <p className="truncate text-xs text-muted">{job(m)}</p>
      </div>
    ),
  },
  {
    id: 'date',
    header: 'Date',
    cell: (m) => <span className="tabular">{formatCalendarDay(m.startTime.slice(0, 10))}</span>,
  },
  { id: 'score', header: 'Score', cell: (m) => <Score m={m} /> },
  {
    id: 'skills',
    header: 'Technical · Communication · Behavioral',
    cell: (m) => (
      <span className="tabular text-sm text-muted">
        {[m.skills.Technical, m.skills.Communication, m.skills.Behavioral]
          .map((s) => (s === null ? '—' : s))
          .join(' · ')}
      </span>
    ),
  },
];

const RANGE = { from: '', to: '' };

/** The seeker's practice meetings, newest first, searched and dated (GET meeting/user/b2c). */
export function PracticeMeetingsTable() {
  const list = useListState({ pageSize: 5, filters: RANGE });
  const range = list.filters;
  const result = usePracticeMeetings({
    ...list.query,
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
  });
  return (
    <section aria-labelledby="practice-list-heading" className="flex flex-col gap-3">
      <h2 id="practice-list-heading" className="text-sm font-medium text-muted">
        Recent practice
      </h2>
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Filters">
        <SearchInput
          label="Search practice"
          placeholder="Search by name"
          {...list.searchBox}
          className="w-full sm:w-64"
        />
        <DateRangeInputs
          value={range}
          clearLabel="All time"
          onChange={({ from, to }) => {
            list.setFilter('from', from);
            list.setFilter('to', to);
          }}
        />
      </div>
      <ListTable
        label="Your practice meetings"
        columns={columns}
        list={list}
        result={result}
        icon={Video}
        noun="practice meetings"
        rowKey={(m) => m.id}
        rowLabel={(m) => m.meetingName}
        empty={{
          title: 'No practice meetings yet',
          noMatch: 'No practice matches',
          description: 'The recordings of your mock interviews appear here with their scores.',
        }}
        renderCard={(m) => (
          <div className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2">
              <Link to={`/library/${m.id}`} className="truncate font-medium text-fg">
                {m.title || m.meetingName}
              </Link>
              <Score m={m} />
            </div>
            <p className="truncate text-xs text-muted">
              {formatCalendarDay(m.startTime.slice(0, 10))} · {job(m)}
            </p>
          </div>
        )}
      />
    </section>
  );
}
