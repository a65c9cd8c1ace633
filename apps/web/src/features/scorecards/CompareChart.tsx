import { BarChart3 } from 'lucide-react';
import { RATING_MAX, type CompareResponse } from '@parley/contracts';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CategoryBars, type CategoryRow } from '../../ui/charts/CategoryBars';

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
    const row: CategoryRow = { competency: name };
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
      <CategoryBars
        rows={rows}
        category="competency"
        series={data.candidates.map((c, i) => ({
          key: `c${i}`,
          name: c.candidateName,
          colour: CANDIDATE_COLOURS[i % CANDIDATE_COLOURS.length] ?? 'var(--accent)',
        }))}
        label={`Scores per competency of ${data.candidates.map((c) => c.candidateName).join(', ')}`}
        height="h-64"
        yDomain={[0, RATING_MAX]}
        yTicks={[1, 2, 3, 4, 5]}
        legend
        maxBarSize={24}
        left={-24}
      />
    </ChartCard>
  );
}
