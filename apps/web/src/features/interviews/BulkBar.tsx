import { Link } from 'react-router';
import { CircleCheck, Columns3, Mail } from 'lucide-react';
import {
  INTERVIEW_MESSAGES as I,
  INTERVIEW_STATUS_LABELS,
  INTERVIEW_STATUSES,
  type BulkResult,
  type InterviewStatus,
} from '@parley/contracts';
import { toast } from '../../lib/toast';
import { ActionMenu, Button } from '../../ui';
import { canCompare, compareUrl } from '../scorecards';
import { useSendInvitation, useUpdateStatus } from './api';
import { failedRows } from './model';

interface BulkBarProps {
  selected: ReadonlySet<string>;
  /** Display names of the rows on screen, to name the ones that failed. */
  names: ReadonlyMap<string, string>;
  onClear(): void;
}

/**
 * Qualify, set another status, or send the next round's invitation to the selected interviews
 * (spec 2 §2): the selection clears on success or failure; a partial failure names the rows.
 */
export function BulkBar({ selected, names, onClear }: BulkBarProps) {
  const status = useUpdateStatus();
  const invite = useSendInvitation();
  const busy = status.isPending || invite.isPending;
  const ids = [...selected];

  const report = (result: BulkResult, failedTitle: string) => {
    if (result.failed.length > 0) {
      toast({
        title: failedTitle,
        description:
          result.succeeded.length > 0
            ? `${result.message}. Not done: ${failedRows(result, names)}`
            : failedRows(result, names),
        variant: 'error',
      });
    } else toast({ title: result.message, variant: 'success' });
  };
  const failed = (title: string) => (e: unknown) =>
    toast({
      title,
      description: e instanceof Error ? e.message : undefined,
      variant: 'error',
    });

  const setStatus = (interviewStatus: InterviewStatus) =>
    status.mutate(
      { meetingIds: ids, interviewStatus },
      {
        onSuccess: (r) => report(r, I.qualifyFailed),
        onError: failed(I.qualifyFailed),
        onSettled: onClear,
      },
    );
  const send = () =>
    invite.mutate(
      { meetingIds: ids },
      {
        onSuccess: (r) => report(r, I.sendInvitationFailed),
        onError: failed(I.sendInvitationFailed),
        onSettled: onClear,
      },
    );

  return (
    <div
      className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-border bg-accent-soft/50 px-3 py-2 text-sm"
      role="region"
      aria-label="Selection"
    >
      <span className="font-medium text-fg">{selected.size} selected</span>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" size="sm" onClick={onClear} disabled={busy}>
          Clear selection
        </Button>
        <Button
          size="sm"
          onClick={() => setStatus('qualified')}
          loading={status.isPending}
          disabled={busy}
        >
          <CircleCheck aria-hidden />
          Qualify
        </Button>
        <ActionMenu
          label="Set another status"
          items={INTERVIEW_STATUSES.filter((s) => s !== 'qualified').map((s) => ({
            label: INTERVIEW_STATUS_LABELS[s],
            onSelect: () => setStatus(s),
          }))}
        />
        {canCompare(ids.length) ? (
          <Button asChild variant="secondary" size="sm">
            <Link to={compareUrl(ids)}>
              <Columns3 aria-hidden />
              Compare
            </Link>
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            disabled
            title="Select two to four interviews of one job to compare them"
          >
            <Columns3 aria-hidden />
            Compare
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={send}
          loading={invite.isPending}
          disabled={busy}
        >
          <Mail aria-hidden />
          Send invitation
        </Button>
      </div>
    </div>
  );
}
