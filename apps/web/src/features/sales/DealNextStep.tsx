import { Link } from 'react-router';
import type { DealNextStep as Step } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/datetime';

/**
 * A deal's next step in words (spec 2 §2 Deals): the action item, or why there is none, and
 * the call it comes from.
 */
export function nextStepWords(step: Step | null): {
  text: string;
  empty: boolean;
  source: string | null;
} {
  if (!step) return { text: 'No analyzed call yet', empty: true, source: null };
  const from = `From the call of ${formatDate(step.callAt)}`;
  if (step.text === null) {
    return {
      text: 'None in the last call',
      empty: true,
      source: `${from}: it has no action items`,
    };
  }
  return {
    text: step.text,
    empty: false,
    source: step.agreed ? from : `${from} · it does not say who and by when`,
  };
}

/** In a table cell: the step on two lines at most, the rest in its title. */
export function NextStepCell({ step }: { step: Step | null }) {
  const w = nextStepWords(step);
  return (
    <span
      title={w.source ? `${w.text} — ${w.source}` : w.text}
      data-testid="next-step"
      className={cn('line-clamp-2 min-w-40 max-w-72 text-sm', w.empty ? 'text-subtle' : 'text-fg')}
    >
      {w.text}
    </span>
  );
}

/** On the deal's page: the step, and a link to the call it comes from. */
export function NextStepDetail({ step }: { step: Step | null }) {
  const w = nextStepWords(step);
  return (
    <div className="flex min-w-0 flex-col gap-0.5" data-testid="next-step">
      <span className={cn('break-words', w.empty ? 'text-muted' : 'text-fg')}>{w.text}</span>
      {step && w.source ? (
        <Link
          to={`/library/${step.meetingId}`}
          className="text-xs text-muted hover:text-accent-text hover:underline"
        >
          {w.source}
        </Link>
      ) : null}
    </div>
  );
}
