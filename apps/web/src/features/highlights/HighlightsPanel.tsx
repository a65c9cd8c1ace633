import { Highlighter, Pencil, Trash2 } from 'lucide-react';
import { formatHms, type Highlight } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { Button, DeleteDialog, EmptyState, LoadError, Skeleton, Tooltip } from '../../ui';
import { speakerColor } from '../../ui/player/player';
import { useHighlightChanges, useHighlights } from './api';

interface HighlightsPanelProps {
  meetingId: string;
  onSeek(time: number): void;
  onEdit(highlight: Highlight): void;
}

/**
 * The meeting's highlights (spec 2 §7): each opens the video at its start; its maker, or
 * whoever looks after the whole organisation, edits or deletes it (the server's rule).
 */
export function HighlightsPanel({ meetingId, onSeek, onEdit }: HighlightsPanelProps) {
  const list = useHighlights(meetingId);
  const { remove } = useHighlightChanges(meetingId);
  const { user } = useAuth();
  const canManage = useCan('meetings.manage');
  const seesOrganization = useCan('meetings.organization');
  const deleting = useConfirmedAction((h: Highlight) => remove.mutateAsync(h.id));
  const mayChange = (h: Highlight) => canManage && (h.userId === user?.id || seesOrganization);

  if (list.isPending) {
    return (
      <div
        className="flex flex-col gap-3 p-4"
        role="status"
        aria-busy="true"
        aria-label="Loading highlights"
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <LoadError
        icon={Highlighter}
        what="The highlights"
        onRetry={() => void list.refetch()}
        className="m-4"
      />
    );
  }
  const highlights = list.data;
  if (highlights.length === 0) {
    return (
      <EmptyState
        icon={Highlighter}
        title="No highlights yet"
        description={
          canManage
            ? 'Select blocks in the transcript with their check buttons, then choose Create highlight.'
            : 'Moments saved from the transcript appear here.'
        }
        className="m-4 border-0"
      />
    );
  }

  return (
    <>
      <ol aria-label="Highlights" className="flex flex-col gap-1 p-2">
        {highlights.map((h, i) => (
          <li
            key={h.id}
            data-testid="highlight"
            className="flex items-start gap-3 rounded-card px-3 py-2.5 hover:bg-surface-2"
          >
            <span
              aria-hidden
              data-testid="highlight-swatch"
              className="mt-1.5 h-3 w-1.5 shrink-0 rounded-full"
              style={{ background: speakerColor(i) }}
            />
            <div className="flex min-w-0 flex-1 flex-col gap-0.5">
              <button
                type="button"
                onClick={() => onSeek(h.startTime)}
                className="cursor-pointer rounded-control text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                aria-label={`${h.title}, play from ${formatHms(h.startTime)}`}
              >
                <span className="block truncate text-sm font-semibold text-fg">{h.title}</span>
                <span className="tabular block text-xs text-muted">
                  {formatHms(h.startTime)} – {formatHms(h.endTime)}
                </span>
              </button>
              {h.note ? <p className="text-sm whitespace-pre-line text-muted">{h.note}</p> : null}
            </div>
            {mayChange(h) ? (
              <div className="flex shrink-0 gap-0.5">
                <Tooltip label="Edit">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8"
                    aria-label={`Edit ${h.title}`}
                    onClick={() => onEdit(h)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                </Tooltip>
                <Tooltip label="Delete">
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-danger hover:text-danger"
                    aria-label={`Delete ${h.title}`}
                    onClick={() => deleting.ask(h)}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </Tooltip>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      <DeleteDialog
        action={deleting}
        noun="highlight"
        name={(h) => `‘${h.title}’`}
        description="The highlight and its note are removed for everyone who sees this meeting. The recording is not changed."
      />
    </>
  );
}
