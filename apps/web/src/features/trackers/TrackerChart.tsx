import { Tags } from 'lucide-react';
import type { TrackerCountFilters } from '@parley/contracts';
import { ChartCard } from '../../ui/charts/ChartCard';
import { DateLines, weekLabel } from '../../ui/charts/DateSeriesCharts';
import { speakerColor } from '../../ui/player/player';
import { useWeeklyTrackerCounts } from './api';
import { weeklyRows } from './model';

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
      <DateLines
        data={rows}
        dateKey="week"
        wholeNumbers
        heightClass="h-56"
        labelFormatter={weekLabel}
        ariaLabel={`${total} tracker mentions over ${rows.length} weeks`}
        lines={trackers.map((t, i) => ({ key: t.id, name: t.name, color: speakerColor(i) }))}
      />
    </ChartCard>
  );
}
