import { lazy, Suspense, useState } from 'react';
import { ChartNoAxesColumn, GraduationCap, Users } from 'lucide-react';
import type { StageProgress } from '@parley/contracts';
import { useDebouncedValue } from '../../lib/use-debounced';
import {
  Badge,
  EmptyState,
  LoadError,
  ProgressBar,
  SearchInput,
  Section,
  Skeleton,
} from '../../ui';
import { ChartCard } from '../../ui/charts/ChartCard';
import { STAGE_LABELS } from '../meetings';
import { useCoachingRole, useMyProgress, useTeamProgress } from './api';
import { percent, scoreText } from './model';

// The charting library stays out of the page's first chunk.
const TeamChart = lazy(() => import('./TeamChart'));

function StageCard({ s }: { s: StageProgress }) {
  return (
    <div
      className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4"
      data-testid="stage-progress"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-fg">{STAGE_LABELS[s.stage]}</h3>
        <span className="tabular text-sm font-semibold text-fg">{percent(s.watchedShare)}</span>
      </div>
      <ProgressBar value={s.watchedShare * 100} label={`${STAGE_LABELS[s.stage]} watched`} />
      <dl className="tabular grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-muted">Videos started</dt>
          <dd className="text-fg">{`${s.videosStarted} of ${s.videos}`}</dd>
        </div>
        <div>
          <dt className="text-muted">Quiz score</dt>
          <dd className="text-fg">{scoreText(s.quizScore)}</dd>
        </div>
        <div>
          <dt className="text-muted">Attempts</dt>
          <dd className="text-fg">{s.attempts}</dd>
        </div>
      </dl>
    </div>
  );
}

function MyProgress() {
  const progress = useMyProgress();
  if (progress.isPending)
    return (
      <div
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        role="status"
        aria-busy="true"
        aria-label="Loading your progress"
      >
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  if (progress.isError)
    return (
      <LoadError
        icon={GraduationCap}
        what="Your progress"
        onRetry={() => void progress.refetch()}
      />
    );
  const stages = progress.data.stages.filter((s) => s.videos > 0);
  if (stages.length === 0)
    return (
      <EmptyState
        icon={GraduationCap}
        title="Nothing to track yet"
        description="Your progress shows here by sales stage once there are training videos to watch."
      />
    );
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {stages.map((s) => (
        <StageCard key={s.stage} s={s} />
      ))}
    </div>
  );
}

function TeamProgress() {
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim());
  const team = useTeamProgress(term, true);
  const people = team.data?.data ?? [];
  const stages = [
    ...new Set(people.flatMap((p) => p.stages.filter((s) => s.videos > 0).map((s) => s.stage))),
  ];
  const started = people.filter((p) => p.started);
  const notStarted = people.filter((p) => !p.started);

  let body;
  if (team.isPending) body = <Skeleton className="h-64 w-full" />;
  else if (team.isError)
    body = (
      <LoadError icon={Users} what="The team’s progress" onRetry={() => void team.refetch()} />
    );
  else if (people.length === 0)
    body = (
      <EmptyState
        icon={Users}
        title={term ? 'Nobody matches this search' : 'No learners yet'}
        description={
          term
            ? 'Try another name or e-mail address.'
            : 'Sales reps and managers of your organization appear here.'
        }
      />
    );
  else
    body = (
      <div className="flex flex-col gap-4">
        <ChartCard
          title="Training watched by stage"
          info="For each person, the mean share of each stage’s training videos watched (videos not started count as 0)."
          empty={
            started.length === 0
              ? { icon: ChartNoAxesColumn, text: 'Nobody has started a training video yet.' }
              : null
          }
          testId="team-chart"
        >
          <Suspense fallback={<Skeleton className="h-64 w-full" />}>
            <TeamChart people={started} stages={stages} />
          </Suspense>
        </ChartCard>
        <div className="overflow-x-auto rounded-card border border-border bg-surface">
          <table className="w-full min-w-[36rem] text-sm" aria-label="Team progress">
            <thead className="bg-surface-2 text-left text-xs text-muted">
              <tr>
                <th className="px-4 py-2 font-medium">Person</th>
                {stages.map((s) => (
                  <th key={s} className="px-4 py-2 font-medium">
                    {STAGE_LABELS[s]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {people.map((p) => (
                <tr key={p.userId} data-testid="team-member">
                  <td className="px-4 py-2">
                    <div className="flex flex-col">
                      <span className="font-medium text-fg">{p.name}</span>
                      <span className="text-xs text-muted">{p.email}</span>
                    </div>
                  </td>
                  {stages.map((stage) => {
                    const s = p.stages.find((x) => x.stage === stage);
                    return (
                      <td key={stage} className="tabular px-4 py-2 text-fg">
                        {s && p.started ? (
                          <span className="flex flex-col">
                            <span>{`${percent(s.watchedShare)} watched`}</span>
                            <span className="text-xs text-muted">{`Quiz ${scoreText(s.quizScore)}`}</span>
                          </span>
                        ) : (
                          <Badge>Not started</Badge>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {notStarted.length > 0 ? (
          <p className="text-sm text-muted" data-testid="not-started">
            <span className="font-medium text-fg">Not started: </span>
            {notStarted.map((p) => p.name).join(', ')}
          </p>
        ) : null}
      </div>
    );

  return (
    <Section
      title="Team"
      description="Each learner’s progress by sales stage."
      actions={
        <SearchInput
          label="Search people"
          value={search}
          onValueChange={setSearch}
          className="w-full sm:w-64"
        />
      }
    >
      {body}
    </Section>
  );
}

/** The user's own progress by stage, and the team's for managers and the point of contact. */
export function ProgressTab() {
  const role = useCoachingRole();
  if (!role.learner && !role.team)
    return (
      <EmptyState
        icon={GraduationCap}
        title="Progress is kept for learners"
        description="Each organization’s sales reps and managers see their own progress here; managers and the point of contact see their team’s."
      />
    );
  return (
    <div className="flex flex-col gap-8">
      {role.learner ? (
        <Section
          title="Your progress"
          description="The share of each stage’s training you watched and your quiz scores."
        >
          <MyProgress />
        </Section>
      ) : null}
      {role.team ? <TeamProgress /> : null}
    </div>
  );
}
