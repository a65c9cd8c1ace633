import { Link } from 'react-router';
import { ShieldCheck, Tags } from 'lucide-react';
import type { HomeSummary } from '@parley/contracts';
import { formatNumber } from '../../lib/format';
import { EmptyState } from '../../ui';
import { DealWarnings } from '../sales';
import { useWeeklyTrackerCounts } from '../trackers';
import { HOME_TOP_TRACKERS, topTrackers, weeksAgo } from './model';
import { Tile, TileSkeleton } from './Tile';

/** Where a deal opens: its page. */
export const dealLink = (id: string) => `/accounts/deals/${encodeURIComponent(id)}`;

/** The manager's team deals carrying warnings, newest first, each with its warnings. */
export function DealsAtRiskTile({ atRisk }: { atRisk: NonNullable<HomeSummary['dealsAtRisk']> }) {
  return (
    <Tile
      title={`Deals at risk (${formatNumber(atRisk.count)})`}
      to="/accounts?view=deals"
      linkLabel="Deals"
      testId="home-deals-at-risk"
    >
      {atRisk.deals.length === 0 ? (
        <EmptyState
          className="py-8"
          icon={ShieldCheck}
          title="No deal at risk"
          description="Deals show here when a warning fires: no recent call, one contact, no pricing talk, no next step, or stuck in a stage."
        />
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {atRisk.deals.map((d) => (
            <li key={d.id} className="flex min-w-0 flex-col gap-1.5 py-2 first:pt-0 last:pb-0">
              <div className="flex min-w-0 flex-col">
                <Link
                  to={dealLink(d.id)}
                  className="truncate text-sm font-medium text-fg hover:underline"
                >
                  {d.name}
                </Link>
                <span className="truncate text-xs text-muted">
                  {[d.accountName, d.ownerName].filter(Boolean).join(' · ') || 'No account'}
                </span>
              </div>
              <DealWarnings warnings={d.warnings} />
            </li>
          ))}
        </ul>
      )}
    </Tile>
  );
}

/** The most mentioned keyword trackers of the last 8 weeks, in the calls the caller sees. */
export function TopTrackersTile() {
  const counts = useWeeklyTrackerCounts({ from: weeksAgo(new Date(), 8) });
  const top = counts.data ? topTrackers(counts.data, HOME_TOP_TRACKERS) : null;
  return (
    <Tile
      title="Top trackers, last 8 weeks"
      to="/configuration/trackers"
      linkLabel="Trackers"
      testId="home-top-trackers"
    >
      {counts.isError ? (
        <p className="text-sm text-muted">The tracker counts could not be loaded.</p>
      ) : !top ? (
        <TileSkeleton />
      ) : top.length === 0 ? (
        <EmptyState
          className="py-8"
          icon={Tags}
          title="No tracker mentioned"
          description="Define keyword trackers to count the topics your calls mention."
        />
      ) : (
        <ol className="flex flex-col divide-y divide-border">
          {top.map((t) => (
            <li
              key={t.id}
              className="flex items-center justify-between gap-3 py-2 first:pt-0 last:pb-0"
            >
              <span className="truncate text-sm font-medium text-fg">{t.name}</span>
              <span className="tabular text-sm text-muted">
                {formatNumber(t.total)}
                {t.theirs > 0 ? ` (${formatNumber(t.theirs)} by customers)` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Tile>
  );
}
