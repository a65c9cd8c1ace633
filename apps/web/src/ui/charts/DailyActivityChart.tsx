import { Activity } from 'lucide-react';
import { ChartCard } from './ChartCard';
import { DateCountBars } from './DateSeriesCharts';

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
      <DateCountBars
        data={days}
        dateKey="date"
        valueKey="count"
        valueName="Calls"
        ariaLabel={`${total} calls over ${days.length} days`}
      />
    </ChartCard>
  );
}
