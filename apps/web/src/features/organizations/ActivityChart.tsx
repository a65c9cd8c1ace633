import { Activity } from 'lucide-react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';

interface ActivityChartProps {
  days: { date: string; count: number }[];
  loading: boolean;
}

/** 'YYYY-MM-DD' (a UTC day) as '25 Nov'. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** Calls the organisation's members made per day, from the activity log. */
export function ActivityChart({ days, loading }: ActivityChartProps) {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  return (
    <ChartCard
      title="Activity per day"
      testId="organization-activity-chart"
      info="Every call the organisation’s members made to Parley, per day (UTC), over the last 30 days."
      loading={loading}
      empty={total === 0 ? { icon: Activity, text: 'No activity in the last 30 days.' } : null}
    >
      <div className="h-56">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid stroke={CHART.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={dayLabel}
              tick={CHART.tick}
              stroke={CHART.grid}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={CHART.tick} stroke={CHART.grid} />
            <ChartTooltip
              {...CHART.tooltip}
              cursor={{ fill: 'var(--surface-2)' }}
              labelFormatter={(d) => dayLabel(String(d))}
              formatter={(v) => [String(v), 'Calls']}
            />
            <Bar dataKey="count" fill={CHART.accent} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
