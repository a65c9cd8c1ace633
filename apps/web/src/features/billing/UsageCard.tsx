import { useState } from 'react';
import { Link } from 'react-router';
import { BarChart3 } from 'lucide-react';
import { formatNumber } from '../../lib/format';
import { buttonClasses, Section, Skeleton } from '../../ui';
import { ChartCard } from '../../ui/charts/ChartCard';
import { DateCountBars } from '../../ui/charts/DateSeriesCharts';
import { usePlans, useUsageByDay } from './api';

const DAYS = 30;
const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last DAYS UTC days, ending today, as plan/usage/day takes them. */
function lastDays(now: number): { from: string; to: string; days: string[] } {
  const days = Array.from({ length: DAYS }, (_, i) => dayOf(now - (DAYS - 1 - i) * DAY_MS));
  return { from: days[0] ?? dayOf(now), to: days.at(-1) ?? dayOf(now), days };
}

/**
 * /configuration: minutes analyzed per day (plan/usage/day, data.bundleUsage) beside the plan
 * and the credits left (one credit per started minute).
 */
export function UsageCard({ canChoosePlan }: { canChoosePlan: boolean }) {
  const [range] = useState(() => lastDays(Date.now()));
  const usage = useUsageByDay(range.from, range.to);
  const plans = usePlans();
  const minutes = new Map((usage.data?.days ?? []).map((d) => [d.date, d.minutes]));
  const rows = range.days.map((date) => ({ date, minutes: minutes.get(date) ?? 0 }));
  const used = usage.data?.usedMinutes ?? 0;
  const active = plans.data?.active ?? null;
  const remaining = active?.remainingCredits ?? usage.data?.remainingCredits ?? null;

  return (
    <Section
      title="Plan and usage"
      description={`Minutes analyzed over the last ${DAYS} days, and the credits your plan has left.`}
    >
      <div className="grid gap-4 lg:grid-cols-3">
        <ChartCard
          title="Minutes analyzed per day"
          testId="usage-chart"
          info="Minutes of the meetings you can see, by the day they started (UTC). Each started minute analyzed uses one credit."
          loading={usage.isPending}
          empty={
            usage.isError
              ? { icon: BarChart3, text: 'Usage could not be loaded.' }
              : used === 0
                ? { icon: BarChart3, text: `No meetings analyzed in the last ${DAYS} days.` }
                : null
          }
          className="lg:col-span-2"
        >
          <DateCountBars
            data={rows}
            dateKey="date"
            valueKey="minutes"
            valueName="Minutes"
            ariaLabel={`${formatNumber(used)} minutes analyzed over the last ${DAYS} days`}
          />
        </ChartCard>
        <section
          aria-label="Your plan"
          className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4 shadow-sm"
          data-testid="usage-plan"
        >
          {plans.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : (
            <dl className="grid gap-4 text-sm">
              <div>
                <dt className="text-muted">Plan</dt>
                <dd className="text-base font-semibold text-fg">{active?.name ?? 'No plan'}</dd>
              </div>
              <div>
                <dt className="text-muted">Credits remaining</dt>
                <dd className="text-2xl font-semibold text-fg tabular">
                  {remaining === null ? '—' : formatNumber(remaining)}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Used in the last {DAYS} days</dt>
                <dd className="font-medium text-fg tabular">
                  {formatNumber(used)} {used === 1 ? 'minute' : 'minutes'}
                </dd>
              </div>
            </dl>
          )}
          {canChoosePlan ? (
            <Link to="/pricing" className={buttonClasses('secondary')}>
              Plans and credits
            </Link>
          ) : null}
        </section>
      </div>
    </Section>
  );
}
