import { HeartPulse, Play, Square } from 'lucide-react';
import type { LivePhysiologyEstimate } from '@parley/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '../../ui';
import type { LivePhysiology } from './use-live-physiology';

/** One live estimate, or 'Not enough signal' with its reason. */
export function LivePhysiologyEstimateView({ e }: { e: LivePhysiologyEstimate }) {
  if (e.status === 'not_enough_signal')
    return (
      <div className="space-y-1 text-sm" data-testid="live-physiology-estimate">
        <p className="font-medium text-fg">Not enough signal</p>
        <p className="text-muted">{e.reason?.replace(/^not enough signal: /, '')}</p>
      </div>
    );
  return (
    <div className="space-y-2 text-sm" data-testid="live-physiology-estimate">
      <p className="flex items-baseline gap-2">
        <span className="text-2xl font-semibold tabular-nums text-fg">
          {Math.round(e.heartRate.bpm ?? 0)}
        </span>
        <span className="text-muted">bpm heart rate</span>
        <Badge tone="warning">Estimate</Badge>
      </p>
      {e.respiration.breathsPerMinute !== null && e.respiration.quality !== 'none' ? (
        <p className="text-muted">
          Respiration {Math.round(e.respiration.breathsPerMinute)} breaths/min (estimate,{' '}
          {e.respiration.quality} quality)
        </p>
      ) : null}
      <p className="text-xs text-muted">
        Over the last {Math.round(e.windowSec)} s at {Math.round(e.fps)} samples/s. {e.note}.
      </p>
    </div>
  );
}

/**
 * Live physiology of the participant's own face: start and stop, and the latest estimate
 * ('Not enough signal' with the reason when the window is short or the pulse weak).
 */
export function LivePhysiologyCard({ physiology }: { physiology: LivePhysiology }) {
  const running = physiology.inferenceId !== null;
  const e = physiology.estimate;
  return (
    <Card role="region" aria-label="Live physiology">
      <CardHeader className="flex-row items-center gap-2">
        <HeartPulse className="size-4 text-muted" aria-hidden />
        <CardTitle className="text-sm">Live physiology</CardTitle>
        <Button
          size="sm"
          variant={running ? 'secondary' : 'primary'}
          className="ml-auto"
          disabled={physiology.busy}
          onClick={() => void (running ? physiology.stop() : physiology.start())}
        >
          {running ? (
            <Square className="size-3.5" aria-hidden />
          ) : (
            <Play className="size-3.5" aria-hidden />
          )}
          {running ? 'Stop physiology' : 'Start physiology'}
        </Button>
      </CardHeader>
      <CardContent className="pt-3" aria-live="polite">
        {e ? (
          <LivePhysiologyEstimateView e={e} />
        ) : (
          <p className="text-sm text-muted">
            {running
              ? 'Reading the colour of your face; the first estimate needs about 15 s.'
              : 'Estimates your heart rate from your own camera while you keep your face in the frame.'}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
