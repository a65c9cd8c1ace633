import { useState } from 'react';
import { Link } from 'react-router';
import { FolderOpen, X } from 'lucide-react';
import { ZAI, type ZaiMeeting } from '@parley/contracts';
import { formatDuration } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { useDebouncedValue } from '../../lib/use-debounced';
import { Button, CheckboxField, EmptyState, SearchInput, Skeleton } from '../../ui';
import { useZaiMeetings } from './api';

const PAGE = 50;

function MeetingMeta({ meeting }: { meeting: ZaiMeeting }) {
  const parts = [formatDate(meeting.date)];
  if (meeting.durationSec !== null) parts.push(formatDuration(meeting.durationSec));
  if (meeting.speakers.length > 0) parts.push(meeting.speakers.join(', '));
  return (
    <span className="block truncate text-xs text-muted tabular-nums">{parts.join(' · ')}</span>
  );
}

export interface MeetingPickerProps {
  selected: ZaiMeeting[];
  onChange(selected: ZaiMeeting[]): void;
}

/** Transcribed meetings to ask about: search, tick up to 10, remove them again as chips. */
export function MeetingPicker({ selected, onChange }: MeetingPickerProps) {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const list = useZaiMeetings(term, PAGE);
  const chosen = new Set(selected.map((m) => m.id));
  const full = selected.length >= ZAI.maxMeetings;

  const toggle = (m: ZaiMeeting, on: boolean) =>
    onChange(on ? [...selected, m] : selected.filter((s) => s.id !== m.id));

  if (list.data && list.data.count === 0 && !term) {
    return (
      <EmptyState
        icon={FolderOpen}
        title="No processed meetings yet"
        description="Zai answers from meeting transcripts. Upload a recording in the library; once it is analyzed you can ask about it here."
        action={
          <Button asChild variant="secondary">
            <Link to="/library">Go to library</Link>
          </Button>
        }
        className="py-10"
      />
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3">
      {selected.length > 0 ? (
        <ul aria-label="Selected meetings" className="flex flex-wrap gap-1.5">
          {selected.map((m) => (
            <li
              key={m.id}
              className="inline-flex max-w-full items-center gap-1 rounded-control bg-accent-soft py-0.5 pr-0.5 pl-2 text-xs text-accent-soft-fg"
            >
              <span className="truncate">{m.meetingName}</span>
              <button
                type="button"
                aria-label={`Remove ${m.meetingName}`}
                onClick={() => toggle(m, false)}
                className="grid size-5 shrink-0 place-items-center rounded-[4px] hover:bg-accent/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <SearchInput label="Search meetings" value={search} onValueChange={setSearch} />
      <p className="text-xs text-muted" aria-live="polite">
        {full
          ? `${ZAI.maxMeetings} meetings selected, the most one question can cover.`
          : `${selected.length} of up to ${ZAI.maxMeetings} meetings selected`}
      </p>
      <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
        {list.isLoading ? (
          <div className="flex flex-col gap-3 py-1" aria-label="Loading meetings">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-9 w-full" />
            ))}
          </div>
        ) : list.isError ? (
          <div className="flex flex-col items-start gap-2 py-2 text-sm text-danger">
            The meetings could not be loaded.
            <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data?.data.length === 0 ? (
          <p className="py-2 text-sm text-muted">No meetings match “{term}”.</p>
        ) : (
          <ul aria-label="Meetings" className="flex flex-col gap-0.5">
            {list.data?.data.map((m) => (
              <li key={m.id} className="rounded-control px-2 py-1.5 hover:bg-surface-2">
                <CheckboxField
                  checked={chosen.has(m.id)}
                  disabled={full && !chosen.has(m.id)}
                  onCheckedChange={(on) => toggle(m, on)}
                  className="items-start [&>button]:mt-0.5 [&>label]:min-w-0 [&>label]:flex-1"
                  label={
                    <>
                      <span className="block truncate font-medium">{m.meetingName}</span>
                      <MeetingMeta meeting={m} />
                    </>
                  }
                />
              </li>
            ))}
          </ul>
        )}
        {list.data && list.data.count > list.data.data.length ? (
          <p className="px-2 pt-2 text-xs text-muted">
            Showing the newest {list.data.data.length} of {list.data.count}; search to find others.
          </p>
        ) : null}
      </div>
    </div>
  );
}
