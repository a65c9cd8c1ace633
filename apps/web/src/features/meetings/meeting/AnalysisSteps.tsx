import {
  Circle,
  CircleCheck,
  CircleMinus,
  CircleX,
  LoaderCircle,
  type LucideIcon,
} from 'lucide-react';
import { ANALYSIS_STEP_LABELS, type StepStatus } from '@parley/contracts';
import { cn } from '../../../lib/cn';

const STATE: Record<StepStatus['state'], { icon: LucideIcon; cls: string; word: string }> = {
  pending: { icon: Circle, cls: 'text-subtle', word: 'Waiting' },
  running: { icon: LoaderCircle, cls: 'animate-spin text-accent-text', word: 'Running' },
  done: { icon: CircleCheck, cls: 'text-success', word: 'Done' },
  failed: { icon: CircleX, cls: 'text-danger', word: 'Failed' },
  skipped: { icon: CircleMinus, cls: 'text-subtle', word: 'Skipped' },
};

/** The pipeline's steps with their state and progress (ANALYSIS_STEP_LABELS). */
export function AnalysisSteps({ steps }: { steps: readonly StepStatus[] }) {
  return (
    <ol className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2" aria-label="Analysis steps">
      {steps.map((s) => {
        const { icon: Icon, cls, word } = STATE[s.state];
        return (
          <li
            key={s.step}
            data-step={s.step}
            data-state={s.state}
            className="flex min-w-0 items-center gap-2 text-sm"
          >
            <Icon className={cn('size-4 shrink-0', cls)} aria-hidden />
            <span className={cn('truncate', s.state === 'pending' ? 'text-muted' : 'text-fg')}>
              {ANALYSIS_STEP_LABELS[s.step] ?? s.label}
            </span>
            <span className="sr-only">{word}</span>
            {s.state === 'running' ? (
              <span className="tabular ml-auto text-xs text-muted">{Math.round(s.progress)}%</span>
            ) : null}
            {s.state === 'failed' && s.attempts > 1 ? (
              <span className="tabular ml-auto text-xs text-muted">{s.attempts} attempts</span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
