import { Activity } from 'lucide-react';
import type { RouteResponse, analysisRoutes } from '@parley/contracts';
import { Badge, ProgressBar } from '../../../ui';
import { ChartCard } from '../../../ui/charts/ChartCard';

type Conversation = RouteResponse<typeof analysisRoutes.conversation>;

const label = (key: string) =>
  key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

/** Scores may come as 0–1 or 0–100; shown as 0–100. */
const pct = (v: number) => Math.round(Math.max(0, Math.min(100, v <= 1 ? v * 100 : v)));

interface Props {
  data: Conversation | undefined;
  loading: boolean;
}

/** The engagement score with its formula: a heuristic, not a model (the `method` text). */
export function EngagementCard({ data, loading }: Props) {
  const components = Object.entries(data?.engagement.components ?? {});
  return (
    <ChartCard
      title="Engagement"
      testId="engagement-card"
      info={
        data ? (
          <>
            <span className="block font-medium">A heuristic, not a model.</span>
            {data.engagement.method}
          </>
        ) : (
          'A heuristic score from turn-taking, questions and talk balance.'
        )
      }
      loading={loading}
      empty={data ? null : { icon: Activity, text: 'No engagement score for this meeting.' }}
    >
      {data ? (
        <div className="flex flex-col gap-3">
          <p className="flex items-baseline gap-2">
            <span className="tabular text-3xl font-semibold text-fg" data-testid="engagement-score">
              {pct(data.engagement.score)}
            </span>
            <span className="text-sm text-muted">/ 100</span>
            <Badge tone="neutral" className="ml-auto">
              Estimate
            </Badge>
          </p>
          <ul className="flex flex-col gap-2">
            {components.map(([key, c]) => (
              <li key={key} className="flex flex-col gap-1 text-xs">
                <span className="flex justify-between text-muted">
                  <span>{label(key)}</span>
                  <span className="tabular">
                    {pct(c.score)} · weight {pct(c.weight)}%
                  </span>
                </span>
                <ProgressBar label={label(key)} value={pct(c.score)} className="h-1.5" />
              </li>
            ))}
          </ul>
          <p className="tabular text-xs text-muted">
            {data.interactivity.speakerSwitches} speaker switches ·{' '}
            {data.interactivity.switchesPerMinute.toFixed(1)} per minute
          </p>
        </div>
      ) : null}
    </ChartCard>
  );
}
