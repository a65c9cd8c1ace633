import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Activity } from 'lucide-react';
import { formatDayMonthYear } from '../../lib/format';
import { ChartCard } from './ChartCard';
import { CHART } from './chart-theme';

const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

export interface DailyActivityChartProps {
  /** One entry per UTC day ('YYYY-MM-DD'), oldest first. */
  days: { date: string; count: number }[];
  loading: boolean;
  testId: string;
  /** What the bars count, for the card's info tip. */
  info: string;
  /** Shown instead of the chart when every day is zero. */
  emptyText: string;
}

/** Calls to Parley per day, from the activity log (organisation dashboard, user logs). */
export function DailyActivityChart({
  days,
  loading,
  testId,
  info,
  emptyText,
}: DailyActivityChartProps) {
  const total = days.reduce((n, d) => n + d.count, 0);
  return (
    <ChartCard
      title="Activity per day"
      testId={testId}
      info={info}
      loading={loading}
      empty={total === 0 ? { icon: Activity, text: emptyText } : null}
    >
      <div className="h-48" role="img" aria-label={`${total} calls over ${days.length} days`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
            <XAxis
              dataKey="date"
              tickFormatter={shortDay}
              tick={CHART.tick}
              stroke={CHART.grid}
              minTickGap={24}
            />
            <YAxis allowDecimals={false} tick={CHART.tick} stroke={CHART.grid} width={48} />
            <ChartTooltip
              {...CHART.tooltip}
              cursor={{ fill: 'var(--surface-2)' }}
              labelFormatter={(d) => formatDayMonthYear(`${String(d)}T12:00:00Z`)}
              formatter={(v) => [String(v), 'Calls']}
            />
            <Bar
              dataKey="count"
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
