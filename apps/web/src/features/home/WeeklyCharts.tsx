import { BarChart3, Gauge } from 'lucide-react';
import type { HomeWeek } from '@parley/contracts';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';
import { DateCountBars, DateLines, weekLabel } from '../../ui/charts/DateSeriesCharts';

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
      <DateCountBars
        data={weeks}
        dateKey="weekStart"
        valueKey="calls"
        valueName="Meetings"
        labelFormatter={weekLabel}
        ariaLabel={`${total} meetings over ${weeks.length} weeks`}
      />
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
      info="Average overall score (0–100) of each week’s analyzed meetings, and the talk ratio: the share of the talking done by the speaker who talked most, over meetings with two or more speakers."
      loading={loading}
      empty={
        any
          ? null
          : {
              icon: Gauge,
              text: 'Scores and talk ratio appear once meetings have been analyzed.',
            }
      }
    >
      <DateLines
        data={weeks}
        dateKey="weekStart"
        yDomain={[0, 100]}
        labelFormatter={weekLabel}
        ariaLabel="Average score and talk ratio per week"
        lines={[
          { key: 'averageScore', name: 'Average score', color: CHART.accent },
          { key: 'talkRatio', name: 'Talk ratio %', color: CHART.positive, dashed: true },
        ]}
      />
    </ChartCard>
  );
}
