import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Tags } from 'lucide-react';
import type { TrackerCountFilters } from '@parley/contracts';
import { formatDayMonthYear } from '../../lib/format';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';
import { speakerColor } from '../../ui/player/player';
import { useWeeklyTrackerCounts } from './api';
import { weeklyRows } from './model';

const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/** Mentions of each tracker per week, over the meetings the reader sees. */
export function TrackerChart({ filters = {} }: { filters?: TrackerCountFilters }) {
  const counts = useWeeklyTrackerCounts(filters);
  const rows = weeklyRows(counts.data);
  const trackers = counts.data?.trackers ?? [];
  const total = counts.data?.weeks.reduce((n, w) => n + w.total, 0) ?? 0;
  return (
    <ChartCard
      title="Tracker mentions per week"
      testId="tracker-chart"
      info="How often each tracker's phrases were said, per week (Monday to Sunday, UTC), in the meetings you can see."
      loading={counts.isLoading}
      empty={total === 0 ? { icon: Tags, text: 'No tracker has been mentioned yet.' } : null}
    >
      <div
        className="h-56"
        role="img"
        aria-label={`${total} tracker mentions over ${rows.length} weeks`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
            <XAxis
              dataKey="week"
              tickFormatter={shortDay}
              tick={CHART.tick}
              stroke={CHART.grid}
              minTickGap={24}
            />
            <YAxis allowDecimals={false} tick={CHART.tick} stroke={CHART.grid} width={48} />
            <ChartTooltip
              {...CHART.tooltip}
              labelFormatter={(d) => `Week of ${formatDayMonthYear(`${String(d)}T12:00:00Z`)}`}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {trackers.map((t, i) => (
              <Line
                key={t.id}
                dataKey={t.id}
                name={t.name}
                stroke={speakerColor(i)}
                strokeWidth={2}
                dot={rows.length < 20}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
