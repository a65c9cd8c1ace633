import { useQuery } from '@tanstack/react-query';
import { HeartPulse } from 'lucide-react';
import { liveInferenceRoutes } from '@parley/contracts';
import { api } from '../../lib/api';
import { formatDurationWords } from '../../lib/format';
import { Card, CardContent, CardHeader, CardTitle, useHasFeature } from '../../ui';
import { LivePhysiologyEstimateView } from './LivePhysiologyCard';

/**
 * The live physiology captures of a call, on its meeting page afterwards: who captured their
 * own face, for how long, and the last estimate (or why there was not enough signal). Nothing
 * is shown for a meeting without captures.
 */
export function LivePhysiologyRuns({ meetingId }: { meetingId: string }) {
  const allowed = useHasFeature()('Physiology Analytics');
  const runs = useQuery({
    queryKey: ['live', meetingId, 'physiology-runs'],
    queryFn: () => api(liveInferenceRoutes.physiology, { params: { meetingId } }),
    enabled: allowed,
  });
  const list = runs.data?.runs ?? [];
  if (list.length === 0) return null;
  return (
    <Card data-testid="live-physiology-runs">
      <CardHeader className="flex-row items-center gap-2">
        <HeartPulse className="size-4 text-muted" aria-hidden />
        <CardTitle className="text-sm">Live physiology during the call</CardTitle>
      </CardHeader>
      <CardContent className="pt-3">
        <ul className="divide-y divide-border">
          {list.map((run) => {
            const seconds = run.stoppedAt
              ? (Date.parse(run.stoppedAt) - Date.parse(run.startedAt)) / 1000
              : null;
            return (
              <li key={run.inferenceId} className="space-y-2 py-3 first:pt-0 last:pb-0">
                <p className="text-sm">
                  <span className="font-medium text-fg">{run.subjectName}</span>
                  <span className="text-muted">
                    {' · '}
                    {run.physiologyStatus === 'running'
                      ? 'still capturing'
                      : run.physiologyStatus === 'failed'
                        ? 'capture failed'
                        : seconds !== null
                          ? `captured for ${formatDurationWords(seconds)}`
                          : 'captured'}
                  </span>
                </p>
                {run.summary ? (
                  <LivePhysiologyEstimateView e={run.summary} />
                ) : (
                  <p className="text-sm text-muted">No estimate was made during the capture.</p>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
