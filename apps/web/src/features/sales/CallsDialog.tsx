import { Link } from 'react-router';
import { PhoneOff } from 'lucide-react';
import type { SalesMeeting } from '@parley/contracts';
import { stripExtension } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { Badge, Dialog, DialogContent, EmptyState, Skeleton } from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { useFigureCalls, type FigureScope } from './api';

/** What a clicked figure opens: its calls as loaded, or the ids the server named. */
export type CallsTarget = { title: string; description: string } & (
  { calls: SalesMeeting[] } | { ids: string[] | undefined; scope: FigureScope }
);

/** One call: name, owner, date, stage and score, opening its meeting page. */
export function CallRow({ call }: { call: SalesMeeting }) {
  return (
    <li>
      <Link
        to={`/library/${call.id}`}
        className="flex items-center gap-3 rounded-control px-2 py-2 hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
        data-testid="call-row"
      >
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium text-fg">{stripExtension(call.meetingName)}</span>
          <span className="tabular truncate text-xs text-muted">
            {call.ownerName} · {formatDate(call.startTime)} · {STAGE_LABELS[call.stage]}
          </span>
        </span>
        <Badge tone={call.score === null ? 'neutral' : 'accent'} className="tabular">
          {call.score === null ? 'Not scored' : `Score ${call.score}`}
        </Badge>
      </Link>
    </li>
  );
}

export function CallList({ calls, loading }: { calls: SalesMeeting[]; loading?: boolean }) {
  if (loading)
    return (
      <div
        className="flex flex-col gap-2"
        role="status"
        aria-busy="true"
        aria-label="Loading calls"
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  if (calls.length === 0)
    return (
      <EmptyState icon={PhoneOff} title="No calls" description="No call is behind this figure." />
    );
  return (
    <ul className="-mx-2 flex flex-col">
      {calls.map((c) => (
        <CallRow key={c.id} call={c} />
      ))}
    </ul>
  );
}

/** The calls behind a figure of the Teams view, each opening its meeting. */
export function CallsDialog({ target, onClose }: { target: CallsTarget | null; onClose(): void }) {
  const byIds = target && 'ids' in target ? target : null;
  const looked = useFigureCalls(
    byIds?.ids,
    byIds?.scope ?? { stage: 'prospecting_stage' },
    byIds !== null,
  );
  const calls = target && 'calls' in target ? target.calls : (looked.data ?? []);
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent size="lg" title={target?.title ?? ''} description={target?.description ?? ''}>
        <div className="max-h-[60vh] overflow-y-auto" data-testid="figure-calls">
          <CallList calls={calls} loading={byIds !== null && looked.isLoading} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
