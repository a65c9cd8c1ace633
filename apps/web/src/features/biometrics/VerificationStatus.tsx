import { CircleAlert, LoaderCircle, RotateCcw } from 'lucide-react';
import {
  BIOMETRIC_STAGE_LABELS,
  PARTICIPANT_MESSAGES as P,
  isBiometricRunActive,
  type BiometricRun,
} from '@parley/contracts';
import { Button, ProgressBar } from '../../ui';

function stepOf(run: BiometricRun): string {
  if (run.status === 'queued')
    return run.error ? `Retrying after an error: ${run.error}` : 'Waiting to start';
  return BIOMETRIC_STAGE_LABELS[run.stage ?? 'registrationCheck'];
}

/**
 * The verification run of the biometric card: its step and progress while it is queued or
 * running, the spec's failure message with the reason and 'Try again' once it failed, and
 * nothing otherwise (the results say the rest).
 */
export function VerificationStatus({
  run,
  onRetry,
  retrying = false,
}: {
  run: BiometricRun;
  /** Absent for someone who may not start a verification. */
  onRetry?(): void;
  retrying?: boolean;
}) {
  if (isBiometricRunActive(run.status)) {
    return (
      <div
        role="status"
        aria-live="polite"
        data-testid="biometric-progress"
        className="flex flex-col gap-2 rounded-card border border-accent/30 bg-accent-soft px-4 py-3"
      >
        <div className="flex items-center gap-3">
          <LoaderCircle className="size-4 shrink-0 animate-spin text-accent-text" aria-hidden />
          <p className="min-w-0 flex-1 text-sm font-semibold text-fg">Verifying participants</p>
          <span className="tabular text-sm font-medium text-fg">{Math.round(run.progress)}%</span>
        </div>
        <p className="pl-7 text-sm break-words text-muted">{stepOf(run)}</p>
        <ProgressBar
          label="Verification progress"
          value={run.progress}
          className="h-1.5 bg-surface/70"
        />
      </div>
    );
  }
  if (run.status !== 'failed') return null;
  return (
    <div
      role="alert"
      data-testid="biometric-failed"
      className="flex items-start gap-3 rounded-card border border-danger/30 bg-danger-soft px-4 py-3"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="text-sm font-semibold text-fg">{P.verificationFailed}</p>
        <p className="text-sm break-words text-muted">{run.error ?? P.verifyFailed}</p>
      </div>
      {onRetry ? (
        <Button size="sm" variant="secondary" onClick={onRetry} loading={retrying}>
          <RotateCcw aria-hidden />
          Try again
        </Button>
      ) : null}
    </div>
  );
}
