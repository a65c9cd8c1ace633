import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip as ChartTooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCalendarDay, formatDayMonth } from '../../lib/datetime';
import { CHART } from './chart-theme';

/** A UTC day ('YYYY-MM-DD') on an axis: 'Nov 3'. */
export const shortDay = formatDayMonth;

/** A UTC day in a tooltip, whole. */
export const dayLabel = (day: unknown) => formatCalendarDay(String(day));

/** A week, by its first day, in a tooltip. */
export const weekLabel = (day: unknown) => `Week of ${dayLabel(day)}`;

interface DateSeriesProps<T> {
  /** One row per day or week, oldest first. */
  data: T[];
  /** The row's UTC day ('YYYY-MM-DD'). */
  dateKey: keyof T & string;
  /** What the chart shows, for screen readers. */
  ariaLabel: string;
  /** The tooltip's heading for a row's day. */
  labelFormatter?: (day: unknown) => string;
  /** Tailwind height class of the plot. */
  heightClass?: string;
  /** The axis label of a row's day, 'Nov 3' unless given (a month's first day: 'Jan'). */
  tickFormatter?: (day: unknown) => string;
}

const MARGIN = { top: 4, right: 8, bottom: 0, left: -16 };

/** Recharts reads its axes from direct children, so the axis is props, not a component. */
const dateAxis = (dateKey: string, tickFormatter: (day: unknown) => string = shortDay) => ({
  dataKey: dateKey,
  tickFormatter,
  tick: CHART.tick,
  stroke: CHART.grid,
  minTickGap: 16,
  // When labels must be dropped, drop them evenly (every other month) rather than wherever
  // they would touch, which left gaps such as Mar, Sep and Nov missing.
  interval: 'equidistantPreserveStart' as const,
});

/** Counts per day or week as bars (activity, meetings): the app's one such chart. */
export function DateCountBars<T>({
  data,
  dateKey,
  valueKey,
  valueName,
  ariaLabel,
  labelFormatter = dayLabel,
  heightClass = 'h-48',
  tickFormatter,
}: DateSeriesProps<T> & { valueKey: keyof T & string; valueName: string }) {
  return (
    <div className={heightClass} role="img" aria-label={ariaLabel}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={MARGIN}>
          <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
          <XAxis {...dateAxis(dateKey, tickFormatter)} />
          <YAxis allowDecimals={false} tick={CHART.tick} stroke={CHART.grid} width={48} />
          <ChartTooltip
            {...CHART.tooltip}
            cursor={{ fill: 'var(--surface-2)' }}
            labelFormatter={labelFormatter}
            formatter={(v) => [String(v), valueName]}
          />
          <Bar
            dataKey={valueKey as string}
            fill={CHART.accent}
            radius={[3, 3, 0, 0]}
            maxBarSize={28}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface DateLine {
  key: string;
  name: string;
  color: string;
  dashed?: boolean;
}

/** Several measures per day or week as lines; a missing value leaves a gap, not a zero. */
export function DateLines<T>({
  data,
  dateKey,
  lines,
  yDomain,
  wholeNumbers = false,
  ariaLabel,
  labelFormatter = dayLabel,
  heightClass = 'h-48',
  tickFormatter,
}: DateSeriesProps<T> & {
  lines: DateLine[];
  yDomain?: [number, number];
  wholeNumbers?: boolean;
}) {
  return (
    <div className={heightClass} role="img" aria-label={ariaLabel}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={MARGIN}>
          <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
          <XAxis {...dateAxis(dateKey, tickFormatter)} />
          <YAxis
            {...(yDomain ? { domain: yDomain } : {})}
            allowDecimals={!wholeNumbers}
            tick={CHART.tick}
            stroke={CHART.grid}
            width={48}
          />
          <ChartTooltip {...CHART.tooltip} labelFormatter={labelFormatter} />
          <Legend wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }} />
          {lines.map((l) => (
            <Line
              key={l.key}
              dataKey={l.key}
              name={l.name}
              stroke={l.color}
              strokeWidth={2}
              {...(l.dashed ? { strokeDasharray: '4 3' } : {})}
              dot={data.length < 20 ? { r: 3 } : false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
