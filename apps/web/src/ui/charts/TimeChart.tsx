import type { ComponentProps, ReactNode } from 'react';
import {
  AreaChart,
  CartesianGrid,
  LineChart,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART, TIME_CHART_MARGIN, timeAxisProps, timeTooltipLabel } from './chart-theme';
import { seekFromChart } from './seek-from-chart';

type YAxisProps = Omit<ComponentProps<typeof YAxis>, 'tick' | 'stroke' | 'ref'>;

interface TimeChartProps<R extends { t?: number | null }> {
  kind: 'line' | 'area';
  /** One row per moment: `t` in seconds of the meeting, then a value per series. */
  rows: R[];
  /** Clicking a point seeks the video to its time (DESIGN: charts). */
  onSeek?(time: number): void;
  /** The plot's height (`h-36`). */
  className: string;
  /** The value axis; ticks and colours come from the theme. */
  yAxis?: YAxisProps;
  /** The tooltip's line for a value: [value, series name]. */
  format: ComponentProps<typeof ChartTooltip>['formatter'];
  /** 'expand' stacks the series to 100 %. */
  stackOffset?: 'expand';
  /** Names the plot as one image, when nothing else on the card says what it draws. */
  label?: string;
  /** The series (Line, Area), reference lines and any <defs> they use. */
  children: ReactNode;
}

/** A chart over the meeting's time: grid, time axis, themed tooltip and seek on click. */
export function TimeChart<R extends { t?: number | null }>(props: TimeChartProps<R>) {
  const { rows, onSeek } = props;
  const Chart = props.kind === 'line' ? LineChart : AreaChart;
  return (
    <div
      className={props.className}
      {...(props.label ? { role: 'img', 'aria-label': props.label } : {})}
    >
      <ResponsiveContainer width="100%" height="100%">
        <Chart
          data={rows}
          margin={TIME_CHART_MARGIN}
          stackOffset={props.stackOffset}
          onClick={(e) => seekFromChart(e, rows, onSeek)}
          className={onSeek ? 'cursor-pointer' : undefined}
        >
          <CartesianGrid stroke={CHART.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis {...timeAxisProps} />
          <YAxis tick={CHART.tick} stroke={CHART.grid} {...props.yAxis} />
          <ChartTooltip
            {...CHART.tooltip}
            labelFormatter={timeTooltipLabel}
            formatter={props.format}
          />
          {props.children}
        </Chart>
      </ResponsiveContainer>
    </div>
  );
}
