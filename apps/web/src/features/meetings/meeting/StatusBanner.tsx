import { CircleAlert, CircleCheck, Clock, LoaderCircle, Upload } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { InferenceStatus } from '../../../lib/meetings';
import { ProgressBar } from '../../../ui';

interface StatusBannerProps {
  status: InferenceStatus;
  reason: string | null;
  /** 0–100 when the realtime channel reports it. */
  progress?: number;
}

const COPY: Record<InferenceStatus, { title: string; text: string }> = {
  uploaded: { title: 'Uploaded', text: 'Waiting to be queued for analysis.' },
  queued: { title: 'Queued for analysis', text: 'The analysis starts shortly.' },
  analysing: {
    title: 'Analysing',
    text: 'Transcribing and analysing the recording. This page updates by itself.',
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
export function StatusBanner({ status, reason, progress }: StatusBannerProps) {
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
      </div>
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
