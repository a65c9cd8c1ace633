import {
  Bar,
  BarChart,
  CartesianGrid,
  ErrorBar,
  Legend,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AccuracyMetric, BiasRow } from '@parley/contracts';
import { CHART } from '../../ui/charts/chart-theme';
import { ChartCard } from '../../ui/charts/ChartCard';
import { percent } from './format';

/** Value and the whisker lengths below and above it (recharts' ErrorBar takes deltas). */
const bar = (m: AccuracyMetric) =>
  m.value === null || !m.interval
    ? { value: null, error: [0, 0] }
    : { value: m.value, error: [m.value - m.interval.low, m.interval.high - m.value] };

const SERIES = [
  { key: 'gender', name: 'Gender right', colour: CHART.accent },
  { key: 'age', name: 'Age within one group', colour: 'var(--info)' },
] as const;

/** Gender and age accuracy per group as bars with their 95 % intervals as whiskers. */
export function BiasChart({ rows }: { rows: BiasRow[] }) {
  const data = rows.map((r) => {
    const g = bar(r.gender);
    const a = bar(r.ageWithinOneBin);
    return {
      group: r.group,
      gender: g.value,
      genderError: g.error,
      age: a.value,
      ageError: a.error,
    };
  });
  return (
    <ChartCard
      title="Accuracy by group, with 95 % intervals"
      info="Bars: the share right in each group, on the photos where a face was found. Whiskers: the 95 % Wilson interval; a wide whisker means few photos, so the figure is uncertain."
      testId="bias-chart"
    >
      <div
        className="h-[460px]"
        role="img"
        aria-label="Gender and age accuracy per gender and age group; the table below has the figures"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid horizontal={false} stroke={CHART.grid} strokeDasharray="3 3" />
            <XAxis
              type="number"
              domain={[0, 1]}
              ticks={[0, 0.25, 0.5, 0.75, 1]}
              tickFormatter={(v: number) => `${Math.round(v * 100)} %`}
              tick={CHART.tick}
              stroke={CHART.grid}
            />
            <YAxis
              type="category"
              dataKey="group"
              width={64}
              tick={CHART.tick}
              stroke={CHART.grid}
              interval={0}
            />
            <ChartTooltip
              {...CHART.tooltip}
              cursor={{ fill: 'var(--surface-2)' }}
              formatter={(v, name) => [typeof v === 'number' ? percent(v) : '—', name]}
            />
            <Legend wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }} />
            {SERIES.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                fill={s.colour}
                radius={[0, 3, 3, 0]}
                maxBarSize={12}
                isAnimationActive={false}
              >
                <ErrorBar
                  dataKey={`${s.key}Error`}
                  direction="x"
                  width={4}
                  strokeWidth={1.25}
                  stroke="var(--text-muted)"
                />
              </Bar>
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
