import { BarChart3 } from 'lucide-react';
import type { MeetingStage } from '@parley/contracts';
import { useMediaQuery } from '../../lib/use-media-query';
import { CategoryBars } from '../../ui/charts/CategoryBars';
import { ChartCard } from '../../ui/charts/ChartCard';
import { CHART } from '../../ui/charts/chart-theme';
import { STAGE_LABELS } from '../meetings';
import { useDealsAmount, type SalesFilters } from './api';
import { amountRows, compactNumber, formatAmount } from './model';

/** A second and third currency get the success and info colours; more reuse the cycle. */
const COLOURS = [CHART.accent, CHART.positive, 'var(--info)', 'var(--warning)'];

const SHORT: Partial<Record<MeetingStage, string>> = {
  solution_presentation_stage: 'Solution',
  negotiation_close_stage: 'Negotiation',
};
// Below 640 px five stage names do not fit side by side.
const SHORTER: Partial<Record<MeetingStage, string>> = {
  prospecting_stage: 'Prosp.',
  qualification_stage: 'Qual.',
  discovery_stage: 'Disc.',
  solution_presentation_stage: 'Solution',
  negotiation_close_stage: 'Negot.',
};

/** The team's deal amounts by stage (GET meeting/deals/amount), a bar per currency. */
export function DealAmountChart({
  stage,
  filters,
}: {
  stage: MeetingStage | 'all';
  filters: SalesFilters;
}) {
  const amount = useDealsAmount(stage, filters, true);
  const narrow = useMediaQuery('(max-width: 639px)');
  const names = narrow ? SHORTER : SHORT;
  const shortStage = (s: string) => names[s as MeetingStage] ?? STAGE_LABELS[s as MeetingStage];
  const data = amount.data?.data ?? [];
  const { rows, currencies } = amountRows(data);
  const total = data.reduce((n, d) => n + d.count, 0);
  const summary = currencies
    .map((c) =>
      formatAmount(
        data.filter((d) => d.currency === c).reduce((n, d) => n + d.totalAmount, 0),
        c,
      ),
    )
    .join(' + ');
  return (
    <ChartCard
      title="Deal amount by stage"
      testId="deal-amount-chart"
      info="The total amount of the team’s deals in each stage, one bar per currency (amounts in different currencies are never added together)."
      loading={amount.isLoading}
      empty={
        amount.isError
          ? { icon: BarChart3, text: 'The deal amounts could not be loaded.' }
          : total === 0
            ? { icon: BarChart3, text: 'No deals to chart yet.' }
            : null
      }
    >
      <p className="tabular -mt-1 text-sm text-muted">
        {total} {total === 1 ? 'deal' : 'deals'} · {summary}
      </p>
      <CategoryBars
        rows={rows}
        category="stage"
        series={currencies.map((c, i) => ({
          key: c,
          name: c,
          colour: COLOURS[i % COLOURS.length] ?? CHART.accent,
        }))}
        label={`Deal amount by stage: ${rows.map((r) => `${STAGE_LABELS[r.stage]} ${currencies.map((c) => formatAmount(Number(r[c]), c)).join(', ')}`).join('; ')}`}
        height="h-56"
        formatCategory={shortStage}
        formatValue={compactNumber}
        formatTooltip={(v, s) => [formatAmount(v, s.name), s.name]}
        maxBarSize={40}
        left={-8}
      />
    </ChartCard>
  );
}
