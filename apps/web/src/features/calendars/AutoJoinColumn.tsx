import { Switch as RadixSwitch } from 'radix-ui';
import type { Meeting } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { Badge, type DataColumn } from '../../ui';
import { useCalendarEvents, useSetEventAutoJoin } from './api';

/**
 * The notetaker's plan for one scheduled meeting from a calendar: a switch that overrides the
 * auto-join rule for it, and "Rule" to follow the rule again. Other meetings show a dash.
 */
export function AutoJoinCell({ meeting }: { meeting: Meeting }) {
  const events = useCalendarEvents();
  const set = useSetEventAutoJoin();
  const event = events.data?.data.find((e) => e.meetingId === meeting.id);
  if (!event) return <span className="text-subtle">—</span>;
  if (event.joinedAt) return <Badge tone="success">Notetaker joined</Badge>;
  const label = `Notetaker joins ${meeting.meetingName}`;
  return (
    <div className="flex items-center gap-2" data-testid={`auto-join-${meeting.id}`}>
      <RadixSwitch.Root
        aria-label={label}
        checked={event.willJoin}
        disabled={set.isPending}
        onCheckedChange={(on) => set.mutate({ meetingId: meeting.id, autoJoin: on })}
        className={cn(
          'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border border-transparent bg-surface-3 transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          'data-[state=checked]:bg-accent disabled:opacity-50',
        )}
      >
        <RadixSwitch.Thumb className="block size-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[17px]" />
      </RadixSwitch.Root>
      {event.autoJoin === null ? (
        <span className="text-xs text-subtle">By rule</span>
      ) : (
        <button
          type="button"
          className="text-xs text-accent-text hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => set.mutate({ meetingId: meeting.id, autoJoin: null })}
          disabled={set.isPending}
        >
          Use rule
        </button>
      )}
      {event.joinError ? (
        <span className="text-xs text-danger" title={event.joinError}>
          Failed
        </span>
      ) : null}
    </div>
  );
}

/** The library's columns with "Notetaker" before the actions, for the Scheduled category. */
export function withAutoJoinColumn(columns: DataColumn<Meeting>[]): DataColumn<Meeting>[] {
  const column: DataColumn<Meeting> = {
    id: 'autoJoin',
    header: 'Notetaker',
    className: 'whitespace-nowrap',
    cell: (m) => <AutoJoinCell meeting={m} />,
  };
  const at = columns.findIndex((c) => c.id === 'actions');
  return at < 0 ? [...columns, column] : [...columns.slice(0, at), column, ...columns.slice(at)];
}
