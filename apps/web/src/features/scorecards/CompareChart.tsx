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
import { BarChart3 } from 'lucide-react';
import { RATING_MAX, type CompareResponse } from '@parley/contracts';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';

/** One colour per compared candidate (up to four), from the design tokens. */
export const CANDIDATE_COLOURS = [
  'var(--accent)',
  'var(--info)',
  'var(--warning)',
  'var(--success)',
] as const;

/** Scores per competency, one bar per candidate (1–5; a competency nobody rated has no bar). */
export function CompareChart({ data }: { data: CompareResponse }) {
  const rows = data.competencies.map((name) => {
    const row: Record<string, string | number | null> = { competency: name };
    data.candidates.forEach((c, i) => {
      row[`c${i}`] = c.competencies.find((x) => x.competency === name)?.score ?? null;
    });
    return row;
  });
  const rated = data.candidates.some((c) => c.competencies.some((x) => x.score !== null));
  return (
    <ChartCard
      title="Scores per competency"
      info="The mean of the submitted interviewers' ratings, else Zai's draft rating (1–5)."
      empty={rated ? null : { icon: BarChart3, text: 'No competency is rated yet.' }}
      testId="compare-chart"
    >
      <div
        className="h-64"
        role="img"
        aria-label={`Scores per competency of ${data.candidates.map((c) => c.candidateName).join(', ')}`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: -24 }}>
            <CartesianGrid vertical={false} stroke={CHART.grid} strokeDasharray="3 3" />
            <XAxis dataKey="competency" tick={CHART.tick} stroke={CHART.grid} interval={0} />
            <YAxis
              domain={[0, RATING_MAX]}
              ticks={[1, 2, 3, 4, 5]}
              tick={CHART.tick}
              stroke={CHART.grid}
              width={40}
            />
            <ChartTooltip {...CHART.tooltip} cursor={{ fill: 'var(--surface-2)' }} />
            <Legend wrapperStyle={{ fontSize: 12, color: 'var(--text-muted)' }} />
            {data.candidates.map((c, i) => (
              <Bar
                key={c.meetingId}
                dataKey={`c${i}`}
                name={c.candidateName}
                fill={CANDIDATE_COLOURS[i % CANDIDATE_COLOURS.length]}
                radius={[3, 3, 0, 0]}
                maxBarSize={24}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
