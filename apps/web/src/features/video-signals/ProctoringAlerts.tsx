import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Badge } from '../../ui';
import { ChartCard } from '../../ui/charts/ChartCard';
import { axisTime } from '../../ui/charts/chart-theme';
import type { InferenceData } from './api';
import { videoEmpty } from './shared';

const LABELS: Record<string, string> = {
  no_face: 'No face',
  multiple_faces: 'Several faces',
  looking_away: 'Looking away',
  face_mismatch: 'Different person',
};

interface Props {
  data: InferenceData<'proctoring'> | undefined;
  loading: boolean;
  onSeek(time: number): void;
}

/** Windows with proctoring alerts, in time order; a row seeks the video to its window. */
export function ProctoringAlerts({ data, loading, onSeek }: Props) {
  const alerts = (data?.windows ?? []).filter((w) => w.current_alerts.length > 0);
  const empty = videoEmpty(data?.video, true);
  return (
    <ChartCard
      title="Proctoring alerts"
      testId="proctoring-alerts"
      info={`Per ${data?.windowSec ?? 5} s window: no face, several faces or looking away in at least half its frames. The threshold is ${data?.alert_threshold ?? 10} alerts in all.`}
      loading={loading}
      empty={
        empty ??
        (alerts.length
          ? null
          : { icon: ShieldCheck, text: 'No alerts: one face, looking at the screen, throughout.' })
      }
    >
      <p className="flex items-center gap-2 text-xs text-muted">
        <span className="tabular text-fg">{data?.cumulative_alerts_count ?? 0}</span> alerts of a
        threshold of {data?.alert_threshold ?? 10}
        {data?.threshold_crossed ? <Badge tone="danger">Threshold crossed</Badge> : null}
      </p>
      <ol className="flex max-h-48 flex-col gap-1 overflow-y-auto">
        {alerts.map((w) => (
          <li key={w.start}>
            <button
              type="button"
              data-testid="proctoring-alert"
              onClick={() => onSeek(w.start)}
              className="flex w-full items-center gap-2 rounded-md px-2 py-1 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-accent"
            >
              <ShieldAlert className="size-4 shrink-0 text-danger" aria-hidden />
              <span className="tabular text-muted">{axisTime(w.start)}</span>
              <span className="flex-1 text-fg">
                {w.current_alerts.map((a) => LABELS[a] ?? a).join(', ')}
              </span>
              <span className="tabular text-xs text-subtle">{w.cumulative_alerts_count}</span>
            </button>
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}
