import { CircleAlert, CircleCheck, Clock, LoaderCircle, RotateCcw, Upload } from 'lucide-react';
import type { StepStatus } from '@parley/contracts';
import { cn } from '../../../lib/cn';
import type { InferenceStatus } from '../../../lib/realtime';
import { Button, ProgressBar } from '../../../ui';
import { AnalysisSteps } from './AnalysisSteps';

interface StatusBannerProps {
  status: InferenceStatus;
  reason: string | null;
  /** 0–100 when the realtime channel reports it. */
  progress?: number;
  /** Per-step state from GET offline/status (shown while running and after a failure). */
  steps?: readonly StepStatus[];
  /** 'Try again' after a failure, 'Start analysis' when it never started (the owner only). */
  onRetry?(): void;
  retrying?: boolean;
}

const COPY: Record<InferenceStatus, { title: string; text: string }> = {
  uploaded: { title: 'Uploaded', text: 'Waiting to be queued for analysis.' },
  queued: { title: 'Queued for analysis', text: 'The analysis starts shortly.' },
  analysing: {
    title: 'Analyzing',
    text: 'Transcribing and analyzing the recording. This page updates by itself.',
  },
  processed: { title: 'Analysis complete', text: 'Transcript and insights are ready.' },
  failed: { title: 'Analysis failed', text: 'No reason was given.' },
};

const LOOK: Record<InferenceStatus, { icon: typeof Clock; box: string; iconClass: string }> = {
  uploaded: { icon: Upload, box: 'border-info/30 bg-info-soft', iconClass: 'text-info' },
  queued: { icon: Clock, box: 'border-border bg-surface-2', iconClass: 'text-muted' },
  analysing: {
    icon: LoaderCircle,
    box: 'border-accent/30 bg-accent-soft',
    iconClass: 'animate-spin text-accent-text',
  },
  processed: {
    icon: CircleCheck,
    box: 'border-success/30 bg-success-soft',
    iconClass: 'text-success',
  },
  failed: { icon: CircleAlert, box: 'border-danger/30 bg-danger-soft', iconClass: 'text-danger' },
};

/** The analysis status of the meeting, updated live over the realtime channel. */
export function StatusBanner(props: StatusBannerProps) {
  const { status, reason, progress, steps = [], onRetry, retrying = false } = props;
  const { title, text } = COPY[status];
  const { icon: Icon, box, iconClass } = LOOK[status];
  const pending = status === 'uploaded' || status === 'queued' || status === 'analysing';
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="meeting-status"
      data-status={status}
      className={cn('flex flex-col gap-2.5 rounded-card border px-4 py-3', box)}
    >
      <div className="flex items-start gap-3">
        <Icon className={cn('mt-0.5 size-4 shrink-0', iconClass)} aria-hidden />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-2">
          <p className="text-sm font-semibold text-fg">{title}</p>
          <p className="text-sm break-words text-muted">{reason ?? text}</p>
        </div>
        {status === 'analysing' && typeof progress === 'number' ? (
          <span className="tabular text-sm font-medium text-fg">{Math.round(progress)}%</span>
        ) : null}
        {(status === 'failed' || status === 'uploaded') && onRetry ? (
          <Button size="sm" variant="secondary" onClick={onRetry} loading={retrying}>
            <RotateCcw aria-hidden />
            {status === 'failed' ? 'Try again' : 'Start analysis'}
          </Button>
        ) : null}
      </div>
      {(pending || status === 'failed') && steps.length > 0 ? (
        <div className="pl-7">
          <AnalysisSteps steps={steps} />
        </div>
      ) : null}
      {pending ? (
        <ProgressBar
          label="Analysis progress"
          value={status === 'analysing' ? progress : undefined}
          className="h-1.5 bg-surface/70"
        />
      ) : null}
    </div>
  );
}
