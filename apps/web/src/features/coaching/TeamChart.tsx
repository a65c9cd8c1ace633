import type { MeetingStage, StageProgress } from '@parley/contracts';
import { CategoryBars } from '../../ui/charts/CategoryBars';
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
  const rows = people.map((p) => ({
    name: p.name,
    ...Object.fromEntries(p.stages.map((s) => [s.stage, Math.round(s.watchedShare * 100)])),
  }));
  return (
    <CategoryBars
      rows={rows}
      category="name"
      series={stages.map((s, i) => ({
        key: s,
        name: STAGE_LABELS[s],
        colour: STAGE_FILLS[i % STAGE_FILLS.length] ?? 'var(--accent)',
      }))}
      label={`Share of training watched by ${people.length} people, by stage`}
      height="h-64"
      yDomain={[0, 100]}
      formatValue={(v) => `${v}%`}
      formatTooltip={(v, s) => [`${v}% watched`, s.name]}
      legend
    />
  );
}
