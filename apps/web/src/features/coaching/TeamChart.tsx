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
import type { MeetingStage, StageProgress } from '@parley/contracts';
import { CHART } from '../../ui/charts/chart-theme';
import { STAGE_LABELS } from '../meetings';

/**
 * Distinct fills readable on both themes: the five-colour categorical palette (DESIGN tokens)
 * and the accent; the semantic colours stay for status.
 */
const STAGE_FILLS = [1, 2, 3, 4, 5].map((i) => `var(--speaker-${i})`).concat('var(--accent)');

interface Props {
  people: { name: string; stages: StageProgress[] }[];
  /** The stages that have videos (the others would be empty bars). */
  stages: MeetingStage[];
}

/** Share of each stage's videos watched, per person: one group of bars per rep. */
export default function TeamChart({ people, stages }: Props) {
  const data = people.map((p) => ({
    name: p.name,
    ...Object.fromEntries(p.stages.map((s) => [s.stage, Math.round(s.watchedShare * 100)])),
  }));
  return (
    <div
      className="h-64"
      role="img"
      aria-label={`Share of training watched by ${people.length} people, by stage`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
          <XAxis dataKey="name" tick={CHART.tick} stroke={CHART.grid} interval={0} />
          <YAxis
            domain={[0, 100]}
            tickFormatter={(v: number) => `${v}%`}
            tick={CHART.tick}
            stroke={CHART.grid}
            width={48}
          />
          <ChartTooltip
            {...CHART.tooltip}
            cursor={{ fill: 'var(--surface-2)' }}
            formatter={(v, key) => [`${String(v)}% watched`, STAGE_LABELS[key as MeetingStage]]}
          />
          <Legend
            formatter={(key: string) => (
              <span style={{ color: 'var(--text-muted)' }}>
                {STAGE_LABELS[key as MeetingStage]}
              </span>
            )}
            wrapperStyle={{ fontSize: 12 }}
          />
          {stages.map((s, i) => (
            <Bar
              key={s}
              dataKey={s}
              name={s}
              fill={STAGE_FILLS[i % STAGE_FILLS.length]}
              radius={[3, 3, 0, 0]}
              maxBarSize={28}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
