import type { MeetingStage } from '@parley/contracts';
import { Badge, Button, Skeleton } from '../../ui';
import { STAGE_LABELS } from '../meetings';
import { REP_CALLS, useRepCalls, type SalesFilters } from './api';
import type { CallsTarget } from './CallsDialog';
import { scoresByStage, trendOf, type TeamGroup } from './model';
import { Sparkline } from './Sparkline';

type Member = TeamGroup['members'][number];

const FIGURE =
  'tabular inline-flex h-7 items-center gap-1.5 rounded-control border border-border bg-surface-2/60 px-2 text-xs text-fg hover:border-accent hover:bg-accent-soft/40 focus-visible:outline-2 focus-visible:outline-ring';

/**
 * A rep of the Teams view: their calls, mean score per stage and score trend, read from their
 * latest calls (light: no signals); every figure opens the calls behind it.
 */
export function RepRow({
  member,
  stage,
  filters,
  onOpen,
}: {
  member: Member;
  stage: MeetingStage | 'all';
  filters: SalesFilters;
  onOpen(target: CallsTarget): void;
}) {
  const calls = useRepCalls(member.id, stage, filters);
  const rows = calls.data?.data ?? [];
  const count = calls.data?.count ?? 0;
  const stages = scoresByStage(rows);
  const more = count > rows.length;
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-4 py-3 last:border-0"
      data-testid="rep-row"
      aria-label={member.name}
    >
      <div className="flex min-w-44 flex-1 flex-col">
        <span className="flex items-center gap-2 font-medium text-fg">
          {member.name}
          {member.isManager ? <Badge tone="info">Manager</Badge> : null}
        </span>
        <span className="truncate text-xs text-muted">{member.email}</span>
      </div>
      {calls.isLoading ? (
        <div
          className="flex items-center gap-2"
          role="status"
          aria-busy="true"
          aria-label={`Loading ${member.name}’s calls`}
        >
          <Skeleton className="h-7 w-16" />
          <Skeleton className="h-7 w-28" />
          <Skeleton className="h-7 w-24" />
        </div>
      ) : calls.isError ? (
        <Button variant="ghost" size="sm" onClick={() => void calls.refetch()}>
          Could not load the calls — try again
        </Button>
      ) : (
        <>
          <button
            type="button"
            className={FIGURE}
            data-testid="rep-calls"
            disabled={rows.length === 0}
            onClick={() =>
              onOpen({
                title: `${member.name}’s calls`,
                description: more
                  ? `The latest ${REP_CALLS} of ${count} calls, newest first.`
                  : 'Newest first.',
                calls: rows,
              })
            }
          >
            <span className="font-semibold">{count}</span> {count === 1 ? 'call' : 'calls'}
          </button>
          <ul className="flex flex-wrap gap-1.5" aria-label={`${member.name}’s scores by stage`}>
            {stages.map((s) => (
              <li key={s.stage}>
                <button
                  type="button"
                  className={FIGURE}
                  data-testid="stage-score"
                  onClick={() =>
                    onOpen({
                      title: `${member.name} · ${STAGE_LABELS[s.stage]}`,
                      description:
                        s.value === null
                          ? 'None of these calls is scored yet.'
                          : `Mean score ${s.value} over the scored calls among these.`,
                      calls: s.calls,
                    })
                  }
                >
                  <span className="text-muted">{STAGE_LABELS[s.stage]}</span>
                  <span className="font-semibold">{s.value ?? '—'}</span>
                </button>
              </li>
            ))}
            {stages.length === 0 ? (
              <li className="text-xs text-subtle">
                No sales calls{stage === 'all' ? '' : ' in this stage'}
              </li>
            ) : null}
          </ul>
          <Sparkline trend={trendOf(rows)} className="ml-auto" />
        </>
      )}
    </li>
  );
}
