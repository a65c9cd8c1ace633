import { BarChart3, Gauge } from 'lucide-react';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';
import { DateCountBars, DateLines } from '../../ui/charts/DateSeriesCharts';
import { monthLabel, monthTick, type MonthRow } from './practice-model';

/** Practices per month of the chosen year. */
export function PracticesPerMonthChart({
  rows,
  year,
  loading,
}: {
  rows: MonthRow[];
  year: number;
  loading: boolean;
}) {
  const total = rows.reduce((n, r) => n + r.practices, 0);
  return (
    <ChartCard
      title="Practice over the year"
      testId="practice-months-chart"
      info="Your practice interviews by the month they were recorded (UTC)."
      loading={loading}
      empty={total === 0 ? { icon: BarChart3, text: `No practice recorded in ${year}.` } : null}
    >
      <DateCountBars
        data={rows}
        dateKey="month"
        valueKey="practices"
        valueName="Practices"
        tickFormatter={monthTick}
        labelFormatter={monthLabel}
        ariaLabel={`${total} practices in ${year}, per month`}
      />
    </ChartCard>
  );
}

/** Overall score and each skill per month; a month without a score leaves a gap, not a zero. */
export function SkillScoresChart({ rows, loading }: { rows: MonthRow[]; loading: boolean }) {
  const any = rows.some((r) => r.averageScore !== null);
  return (
    <ChartCard
      title="Scores per skill"
      testId="practice-skills-chart"
      info="Monthly averages (0–100) of the analysed practices: the overall score and its three skills, Technical, Communication and Behavioral."
      loading={loading}
      empty={any ? null : { icon: Gauge, text: 'Scores appear once a practice has been analysed.' }}
    >
      <DateLines
        data={rows}
        dateKey="month"
        yDomain={[0, 100]}
        tickFormatter={monthTick}
        labelFormatter={monthLabel}
        ariaLabel="Average overall score and score per skill, per month"
        lines={[
          { key: 'averageScore', name: 'Overall', color: CHART.accent },
          { key: 'Technical', name: 'Technical', color: 'var(--info)', dashed: true },
          { key: 'Communication', name: 'Communication', color: CHART.positive, dashed: true },
          { key: 'Behavioral', name: 'Behavioral', color: 'var(--warning)', dashed: true },
        ]}
      />
    </ChartCard>
  );
}
