import {
  Bar,
  BarChart,
  CartesianGrid,
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

const SERIES = [
  { key: 'gender', name: 'Gender right', colour: CHART.accent },
  { key: 'age', name: 'Age within one group', colour: 'var(--warning)' },
] as const;
type SeriesKey = (typeof SERIES)[number]['key'];

interface Point {
  group: string;
  /** Each series' 95 % interval [low, high] (the floating bar) and its value (the mark). */
  gender: [number, number] | null;
  genderValue: number | null;
  age: [number, number] | null;
  ageValue: number | null;
}

const interval = (m: AccuracyMetric): [number, number] | null =>
  m.value === null || !m.interval ? null : [m.interval.low, m.interval.high];

interface ShapeProps {
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  fill?: string;
  payload?: Point;
}

/** The interval as a pale band and the measured share as a solid mark inside it. */
function intervalShape(key: SeriesKey) {
  return function IntervalMark({ x = 0, y = 0, width = 0, height = 0, fill, payload }: ShapeProps) {
    const range = payload?.[key];
    const value = payload?.[`${key}Value`];
    if (!range || value === null || value === undefined) return <g />;
    const span = range[1] - range[0];
    const at = x + (span > 0 ? (width * (value - range[0])) / span : 0);
    return (
      <g>
        <rect
          x={x}
          y={y}
          width={Math.max(width, 1)}
          height={height}
          fill={fill}
          opacity={0.35}
          rx={2}
        />
        <rect x={at - 1.5} y={y - 2} width={3} height={height + 4} fill={fill} rx={1} />
      </g>
    );
  };
}

/**
 * Gender and age accuracy per group as forest-plot marks: the share right with its 95 % Wilson
 * interval, so small groups show as the wide, uncertain figures they are.
 */
export function BiasChart({ rows }: { rows: BiasRow[] }) {
  const data: Point[] = rows.map((r) => ({
    group: r.group,
    gender: interval(r.gender),
    genderValue: r.gender.value,
    age: interval(r.ageWithinOneBin),
    ageValue: r.ageWithinOneBin.value,
  }));
  return (
    <ChartCard
      title="Accuracy by group, with 95 % intervals"
      info="Mark: the share right in the group, on the photos where a face was found. Band: its 95 % Wilson interval; a wide band means few photos, so the figure is uncertain."
      testId="bias-chart"
    >
      <div
        className="h-[460px]"
        role="img"
        aria-label="Gender and age accuracy per gender and age group with their intervals; the table below has the figures"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
            barGap={2}
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
              formatter={(v, name, item) => {
                const s = SERIES.find((x) => x.name === name);
                const p = item.payload as Point;
                const value = s ? p[`${s.key}Value`] : null;
                if (!Array.isArray(v) || value === null) return ['—', name];
                return [`${percent(value)} (${percent(v[0])}–${percent(v[1])})`, name];
              }}
            />
            <Legend wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }} />
            {SERIES.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                fill={s.colour}
                maxBarSize={12}
                isAnimationActive={false}
                shape={intervalShape(s.key)}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
