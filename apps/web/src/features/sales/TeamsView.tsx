import { useState } from 'react';
import { Users } from 'lucide-react';
import type { MeetingStage, RouteResponse, salesRoutes } from '@parley/contracts';
import { EmptyState, LoadError, Skeleton } from '../../ui';
import type { SalesFilters } from './api';
import { CallsDialog, type CallsTarget } from './CallsDialog';
import { teamGroups } from './model';
import { RepRow } from './RepRow';
import { StagePerformance } from './StagePerformance';

type Filters = RouteResponse<typeof salesRoutes.filters>;

/**
 * Teams (spec 2 §2, the default): the reps under their manager, each with their calls, scores
 * by stage and trend; then performance by stage. The name filter narrows to one person.
 */
export function TeamsView({
  people,
  stage,
  filters,
}: {
  people: { data?: Filters; isLoading: boolean; isError: boolean; refetch(): unknown };
  stage: MeetingStage | 'all';
  filters: SalesFilters;
}) {
  const [target, setTarget] = useState<CallsTarget | null>(null);
  const names = (people.data?.names ?? []).filter(
    (p) => !filters.nameId || p.id === filters.nameId,
  );
  const groups = teamGroups(names);

  return (
    <div className="flex flex-col gap-8">
      {people.isError ? (
        <LoadError icon={Users} what="The teams" onRetry={() => void people.refetch()} />
      ) : people.isLoading ? (
        <div
          className="flex flex-col gap-2"
          role="status"
          aria-busy="true"
          aria-label="Loading the teams"
        >
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : groups.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No sales team yet"
          description="Sales reps and managers of the organization appear here with their calls."
        />
      ) : (
        groups.map((g) => (
          <section
            key={g.id}
            aria-label={g.title}
            className="flex flex-col gap-2"
            data-testid="team-group"
          >
            <h2 className="text-sm font-semibold text-muted">{g.title}</h2>
            <ul className="rounded-card border border-border bg-surface shadow-sm">
              {g.members.map((m) => (
                <RepRow key={m.id} member={m} stage={stage} filters={filters} onOpen={setTarget} />
              ))}
            </ul>
          </section>
        ))
      )}
      <StagePerformance pageStage={stage} filters={filters} onOpen={setTarget} />
      <CallsDialog target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
