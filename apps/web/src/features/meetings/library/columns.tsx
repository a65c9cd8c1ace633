import { Link } from 'react-router';
import { ExternalLink, Share2, Timer, Trash2 } from 'lucide-react';
import type { Meeting } from '@parley/contracts';
import { formatDurationWords, stripExtension } from '../../../lib/format';
import { formatDate, formatTime } from '../../../lib/datetime';
import { STAGE_LABELS, meetingLengthLabel } from '../model';
import { ActionMenu, Badge, type DataColumn, type SortOption } from '../../../ui';
import { LiveStatusChip } from '../StatusChip';
import { Thumbnail } from './Thumbnail';
import { LiveBotBadge } from '../../bots';

export interface RowActions {
  open(meeting: Meeting): void;
  /** Share and Delete are absent without meetings.manage. */
  share?(meeting: Meeting): void;
  remove?(meeting: Meeting): void;
}

export const meetingLabel = (m: Meeting) => stripExtension(m.meetingName);

function Actions({ meeting, actions }: { meeting: Meeting; actions: RowActions }) {
  return (
    <ActionMenu
      label={`Actions for ${meetingLabel(meeting)}`}
      items={[
        { label: 'Open', icon: ExternalLink, onSelect: () => actions.open(meeting) },
        ...(actions.share
          ? [{ label: 'Share', icon: Share2, onSelect: () => actions.share?.(meeting) }]
          : []),
        ...(actions.remove
          ? [
              {
                label: 'Delete',
                icon: Trash2,
                destructive: true,
                onSelect: () => actions.remove?.(meeting),
              },
            ]
          : []),
      ]}
    />
  );
}

function NameLink({ meeting }: { meeting: Meeting }) {
  return (
    <Link
      to={`/library/${meeting.id}`}
      title={meeting.meetingName}
      className="block truncate font-medium text-fg hover:text-accent-text hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      {meetingLabel(meeting)}
    </Link>
  );
}

export function meetingColumns(actions: RowActions): DataColumn<Meeting>[] {
  return [
    {
      id: 'meetingName',
      header: 'Name',
      sortable: true,
      className: 'min-w-[260px] max-w-[360px]',
      cell: (m) => (
        <div className="flex items-center gap-3">
          <Thumbnail src={m.imageLink} className="h-9 w-16" />
          <div className="flex min-w-0 flex-col">
            <NameLink meeting={m} />
            {m.title ? <span className="truncate text-xs text-muted">{m.title}</span> : null}
          </div>
        </div>
      ),
    },
    {
      id: 'startTime',
      header: 'Date',
      sortable: true,
      descFirst: true,
      className: 'whitespace-nowrap tabular',
      cell: (m) => formatDate(m.startTime),
    },
    {
      id: 'time',
      header: 'Time',
      className: 'whitespace-nowrap tabular text-muted',
      cell: (m) => formatTime(m.startTime),
    },
    {
      id: 'duration',
      header: 'Duration',
      sortable: true,
      descFirst: true,
      className: 'whitespace-nowrap tabular text-muted',
      cell: (m) => meetingLengthLabel(m, formatDurationWords),
    },
    {
      id: 'stage',
      header: 'Stage',
      className: 'whitespace-nowrap',
      cell: (m) => <span className="text-muted">{STAGE_LABELS[m.stage]}</span>,
    },
    {
      id: 'inferenceStatus',
      header: 'Status',
      sortable: true,
      cell: (m) => (
        <div className="flex flex-wrap items-center gap-1.5">
          <LiveStatusChip meeting={m} />
          {m.type === 'live' ? <LiveBotBadge meetingId={m.id} /> : null}
        </div>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'w-12 text-right',
      cell: (m) => <Actions meeting={m} actions={actions} />,
    },
  ];
}

/** One meeting as a card on narrow screens. */
export function MeetingCard({ meeting, actions }: { meeting: Meeting; actions: RowActions }) {
  return (
    <div className="flex items-start gap-3">
      <Thumbnail src={meeting.imageLink} className="h-11 w-[72px]" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <NameLink meeting={meeting} />
        <p className="tabular flex flex-wrap gap-x-3 text-xs text-muted">
          <span className="whitespace-nowrap">
            {formatDate(meeting.startTime)} · {formatTime(meeting.startTime)}
          </span>
          <span className="inline-flex items-center gap-1 whitespace-nowrap">
            <Timer className="size-3" aria-label="Duration" />
            {meetingLengthLabel(meeting, formatDurationWords)}
          </span>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-1.5">
          <Badge>{STAGE_LABELS[meeting.stage]}</Badge>
          <LiveStatusChip meeting={meeting} />
          {meeting.type === 'live' ? <LiveBotBadge meetingId={meeting.id} /> : null}
        </div>
      </div>
      <Actions meeting={meeting} actions={actions} />
    </div>
  );
}

export const CARD_SORT_OPTIONS: SortOption[] = [
  { label: 'Newest first', sort: { id: 'createdAt', desc: true } },
  { label: 'Oldest first', sort: { id: 'createdAt', desc: false } },
  { label: 'Name, A to Z', sort: { id: 'meetingName', desc: false } },
  { label: 'Name, Z to A', sort: { id: 'meetingName', desc: true } },
  { label: 'Longest first', sort: { id: 'duration', desc: true } },
  { label: 'Shortest first', sort: { id: 'duration', desc: false } },
];
