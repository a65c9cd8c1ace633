import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { BarChart3, Gauge } from 'lucide-react';
import type { HomeWeek } from '@parley/contracts';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';

const shortWeek = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
const weekLabel = (date: unknown) => `Week of ${shortWeek(String(date))}`;

/** Meetings per week over the dashboard's weeks. */
export function WeeklyCallsChart({
  weeks,
  loading,
  title,
}: {
  weeks: HomeWeek[];
  loading: boolean;
  title: string;
}) {
  const total = weeks.reduce((n, w) => n + w.calls, 0);
  return (
    <ChartCard
      title={`${title} per week`}
      testId="home-calls-chart"
      info="Meetings by the week they started (Monday to Sunday, UTC), the current week last."
      loading={loading}
      empty={total === 0 ? { icon: BarChart3, text: 'No meetings in the last 8 weeks yet.' } : null}
    >
      <div className="h-48" role="img" aria-label={`${total} meetings over ${weeks.length} weeks`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={weeks} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
            <XAxis
              dataKey="weekStart"
              tickFormatter={shortWeek}
              tick={CHART.tick}
              stroke={CHART.grid}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={CHART.tick} stroke={CHART.grid} width={48} />
            <ChartTooltip
              {...CHART.tooltip}
              cursor={{ fill: 'var(--surface-2)' }}
              labelFormatter={weekLabel}
              formatter={(v) => [String(v), 'Meetings']}
            />
            <Bar
              dataKey="calls"
              fill={CHART.accent}
              radius={[3, 3, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}

/** Mean score and talk ratio per week; a week without data leaves a gap, not a zero. */
export function WeeklyScoresChart({ weeks, loading }: { weeks: HomeWeek[]; loading: boolean }) {
  const any = weeks.some((w) => w.averageScore !== null || w.talkRatio !== null);
  return (
    <ChartCard
      title="Scores and talk ratio"
      testId="home-scores-chart"
      info="Average overall score (0–100) of each week’s analysed meetings, and the talk ratio: the share of the talking done by the speaker who talked most, over meetings with two or more speakers."
      loading={loading}
      empty={
        any
          ? null
          : {
              icon: Gauge,
              text: 'Scores and talk ratio appear once meetings have been analysed.',
            }
      }
    >
      <div className="h-48" role="img" aria-label="Average score and talk ratio per week">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={weeks} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
            <XAxis
              dataKey="weekStart"
              tickFormatter={shortWeek}
              tick={CHART.tick}
              stroke={CHART.grid}
              minTickGap={16}
            />
            <YAxis domain={[0, 100]} tick={CHART.tick} stroke={CHART.grid} width={48} />
            <ChartTooltip {...CHART.tooltip} labelFormatter={weekLabel} />
            <Legend wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }} />
            <Line
              dataKey="averageScore"
              name="Average score"
              stroke={CHART.accent}
              strokeWidth={2}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
            <Line
              dataKey="talkRatio"
              name="Talk ratio %"
              stroke={CHART.positive}
              strokeWidth={2}
              strokeDasharray="4 3"
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
