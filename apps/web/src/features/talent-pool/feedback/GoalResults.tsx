import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import type { GoalResult } from '@parley/contracts';
import { ProgressBar } from '../../../ui';

/** How this interview did against each practice goal that existed when it was analysed. */
export function GoalResults({ goals }: { goals: GoalResult[] }) {
  if (goals.length === 0) {
    return (
      <p className="text-sm text-muted">
        No practice goals were set when this interview was analysed. Add some below: every interview
        analysed from then on is scored against them.
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-2" aria-label="Practice goal results">
      {goals.map((g) => (
        <li
          key={g.goalId}
          data-testid="goal-result"
          className="flex flex-col gap-1 rounded-card border border-border bg-surface p-3"
        >
          <div className="flex items-start justify-between gap-3">
            <p className="text-sm font-medium text-fg">{g.text}</p>
            <Verdict goal={g} />
          </div>
          {g.kind === 'rating' && g.rating !== null ? (
            <ProgressBar value={g.rating * 10} label={`${g.text}: ${g.rating} of 10`} />
          ) : null}
          <p className="text-xs text-muted">{g.reason}</p>
        </li>
      ))}
    </ul>
  );
}

function Verdict({ goal }: { goal: GoalResult }) {
  if (goal.kind === 'rating') {
    return (
      <span className="shrink-0 text-sm font-semibold text-fg tabular-nums">
        {goal.rating === null ? '—' : `${goal.rating}/10`}
      </span>
    );
  }
  if (goal.met === null) {
    return (
      <span className="flex shrink-0 items-center gap-1 text-sm text-muted">
        <CircleMinus className="size-4" aria-hidden /> No signal
      </span>
    );
  }
  return goal.met ? (
    <span className="flex shrink-0 items-center gap-1 text-sm text-success">
      <CircleCheck className="size-4" aria-hidden /> Met
    </span>
  ) : (
    <span className="flex shrink-0 items-center gap-1 text-sm text-danger">
      <CircleX className="size-4" aria-hidden /> Not yet
    </span>
  );
}
