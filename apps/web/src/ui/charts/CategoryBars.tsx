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
import type { ReactNode } from 'react';
import { CHART } from './chart-theme';

export interface BarSeries {
  /** The row field the bar reads. */
  key: string;
  /** The name in the legend and the tooltip. */
  name: string;
  colour: string;
}

export type CategoryRow = Record<string, string | number | null>;

interface Props {
  rows: CategoryRow[];
  /** The row field that names each group of bars. */
  category: string;
  series: BarSeries[];
  /** Read by screen readers in place of the chart. */
  label: string;
  /** Tailwind height of the plot, e.g. "h-56". */
  height: string;
  formatCategory?: (category: string) => string;
  formatValue?: (value: number) => string;
  /** The tooltip's line for one bar: its value and the series' name. */
  formatTooltip?: (value: number, series: BarSeries) => [string, string];
  yDomain?: [number, number];
  yTicks?: number[];
  /** Shown when there is more than one series, unless told otherwise. */
  legend?: boolean;
  legendLabel?: (series: BarSeries) => ReactNode;
  maxBarSize?: number;
  left?: number;
}

/** Groups of vertical bars, one per series, on the app's chart theme. */
export function CategoryBars({
  rows,
  category,
  series,
  label,
  height,
  formatCategory,
  formatValue,
  formatTooltip,
  yDomain,
  yTicks,
  legend = series.length > 1,
  legendLabel,
  maxBarSize = 28,
  left = 0,
}: Props) {
  const byName = new Map(series.map((s) => [s.name, s]));
  return (
    <div className={height} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left }}>
          <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey={category}
            tickFormatter={formatCategory ? (c: unknown) => formatCategory(String(c)) : undefined}
            tick={CHART.tick}
            stroke={CHART.grid}
            interval={0}
          />
          <YAxis
            domain={yDomain}
            ticks={yTicks}
            tickFormatter={formatValue ? (v: number) => formatValue(v) : undefined}
            tick={CHART.tick}
            stroke={CHART.grid}
            width={48}
          />
          <ChartTooltip
            {...CHART.tooltip}
            cursor={{ fill: 'var(--surface-2)' }}
            labelFormatter={formatCategory ? (c) => formatCategory(String(c)) : undefined}
            formatter={(v, name) => {
              const s = byName.get(String(name));
              if (!s || !formatTooltip) return [String(v), String(name)];
              return formatTooltip(Number(v), s);
            }}
          />
          {legend ? (
            <Legend
              formatter={(name: string) => {
                const s = byName.get(name);
                return (
                  <span style={{ color: 'var(--text-muted)' }}>
                    {s && legendLabel ? legendLabel(s) : name}
                  </span>
                );
              }}
              wrapperStyle={{ fontSize: 12 }}
            />
          ) : null}
          {series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.name}
              fill={s.colour}
              radius={[3, 3, 0, 0]}
              maxBarSize={maxBarSize}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
