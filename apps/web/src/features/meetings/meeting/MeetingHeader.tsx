import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ArrowLeft, CalendarDays, Clock, Share2, Timer, Trash2 } from 'lucide-react';
import type { Meeting } from '@parley/contracts';
import {
  SMALL_SCREEN_PX,
  formatDurationWords,
  meetingTitle,
  stripExtension,
} from '../../../lib/format';
import { formatDate, formatTime } from '../../../lib/datetime';
import { meetingLengthLabel } from '../model';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ActionMenu, Button, type ActionMenuItem } from '../../../ui';

type HeaderMeeting = Pick<Meeting, 'meetingName' | 'startTime' | 'duration' | 'durationSec'> &
  Partial<Pick<Meeting, 'type' | 'inferenceStatus' | 'storageLink'>>;

/** Name without extension (25 characters, 15 below 470 px) and 'date · time · duration'. */
export function MeetingTitle({ meeting }: { meeting: HeaderMeeting }) {
  const small = useMediaQuery(`(max-width: ${SMALL_SCREEN_PX - 1}px)`);
  useDocumentTitle(stripExtension(meeting.meetingName));
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <h1
        className="truncate text-xl font-semibold tracking-tight text-fg"
        title={stripExtension(meeting.meetingName)}
      >
        {meetingTitle(meeting.meetingName, small)}
      </h1>
      <p
        className="tabular flex flex-wrap gap-x-3 gap-y-0.5 text-sm text-muted [&_svg]:size-3.5 [&_svg]:text-subtle"
        data-testid="meeting-meta"
      >
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <CalendarDays aria-label="Date" />
          {formatDate(meeting.startTime)}
        </span>
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <Clock aria-label="Start time" />
          {formatTime(meeting.startTime)}
        </span>
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <Timer aria-label="Duration" />
          {meetingLengthLabel(meeting, formatDurationWords)}
        </span>
      </p>
    </div>
  );
}

interface MeetingHeaderProps {
  meeting: Meeting;
  /** Share and Delete are absent when the viewer may not change the meeting (meetings.manage). */
  onShare?(): void;
  onDelete?(): void;
  /** More actions of the meeting (name speakers, re-analyze). */
  actions?: ActionMenuItem[];
  /** Buttons before Share (the report downloads). */
  extra?: ReactNode;
  /** Where Back goes without history; the library by default. */
  backTo?: string;
}

/** Back button, title and metadata line, share and delete (DESIGN: detail pages). */
export function MeetingHeader({
  meeting,
  onShare,
  onDelete,
  actions = [],
  extra,
  backTo = '/library',
}: MeetingHeaderProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const back = () => (location.key !== 'default' ? navigate(-1) : navigate(backTo));
  return (
    <header className="flex flex-wrap items-start gap-x-3 gap-y-3">
      <Button variant="ghost" size="icon" aria-label="Back" onClick={back} className="-ml-2">
        <ArrowLeft aria-hidden />
      </Button>
      <div className="min-w-0 flex-1">
        <MeetingTitle meeting={meeting} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {extra}
        {onShare ? (
          <Button variant="secondary" onClick={onShare} className="max-sm:size-9 max-sm:px-0">
            <Share2 aria-hidden />
            <span className="max-sm:sr-only">Share</span>
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            variant="ghost"
            onClick={onDelete}
            className="text-danger hover:text-danger max-sm:size-9 max-sm:px-0"
          >
            <Trash2 aria-hidden />
            <span className="max-sm:sr-only">Delete</span>
          </Button>
        ) : null}
        {actions.length > 0 ? <ActionMenu label="More actions" items={actions} /> : null}
      </div>
    </header>
  );
}
