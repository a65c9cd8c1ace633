import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, Flame, MessagesSquare, Plus, Target } from 'lucide-react';
import type { PracticeAnalysis } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import {
  buttonClasses,
  Card,
  EmptyState,
  LoadError,
  PageHeader,
  SelectField,
  Skeleton,
} from '../../ui';
import { MaybeFigure } from '../home';
import { usePracticeAnalysis } from './api';
import { PracticeMeetingsTable } from './PracticeMeetingsTable';
import { PracticesPerMonthChart, SkillScoresChart } from './PracticeCharts';
import { isNewSeeker, monthRows, streakNote, weeks, yearChoices } from './practice-model';

const newInterview = (label: string) => (
  <Link to="/mock-interviews/new" className={buttonClasses('primary')}>
    <Plus className="size-4" aria-hidden /> {label}
  </Link>
);

function StreakTile({ streak }: { streak: PracticeAnalysis['streak'] | undefined }) {
  return (
    <Card className="flex flex-col gap-1 p-4" data-testid="practice-streak">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted">
        <Flame className="size-3.5 text-warning" aria-hidden /> Weekly streak
      </p>
      {streak ? (
        <>
          <p className="tabular text-2xl font-semibold text-fg">{weeks(streak.current)}</p>
          <p className="text-xs text-muted">{streakNote(streak, new Date())}</p>
        </>
      ) : (
        <Skeleton className="h-8 w-24" />
      )}
    </Card>
  );
}

function NextPracticeCard({ next }: { next: NonNullable<PracticeAnalysis['nextPractice']> }) {
  const target = next.jobRole
    ? `${next.jobRole}${next.companyName ? ` at ${next.companyName}` : ''}${next.level ? `, ${next.level}` : ''}`
    : null;
  return (
    <Card
      className="flex flex-wrap items-center justify-between gap-4 border-accent/40 bg-accent-soft p-5"
      data-testid="home-next-step"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex items-center gap-1.5 text-xs font-medium uppercase tracking-wide text-accent-soft-fg">
          <Target className="size-3.5" aria-hidden /> Next practice
        </p>
        <p className="text-base font-semibold text-fg">
          {next.skill
            ? `Focus on ${next.skill} (${next.skillScore ?? '—'} / 100 lately)`
            : 'Get your first scores'}
        </p>
        <p className="text-sm text-muted">{next.suggestion}</p>
        {target ? <p className="text-xs text-subtle">Last set up for: {target}</p> : null}
      </div>
      {newInterview('Practise now')}
    </Card>
  );
}

/**
 * Home (/home) for a job seeker: the chosen year's practice per month and scores per skill,
 * the weekly streak, the next practice, and the recent practice meetings.
 */
export default function PracticeHome() {
  const { user } = useAuth();
  const years = yearChoices(new Date());
  const [year, setYear] = useState(years[0] ?? new Date().getUTCFullYear());
  const query = usePracticeAnalysis(year);
  const a = query.data;
  const rows = monthRows(year, a?.months ?? []);
  const yearPicker = (
    <SelectField
      label="Year"
      labelInside
      value={String(year)}
      onValueChange={(v) => setYear(Number(v))}
      options={years.map((y) => ({ value: String(y), label: String(y) }))}
      className="w-36"
    />
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={`Welcome, ${user?.firstName || user?.email || ''}`}
        documentTitle="Home"
        description="Your interview practice."
        actions={yearPicker}
        className="pb-0"
      />

      {query.isError ? (
        <LoadError icon={AlertTriangle} what="Your practice" onRetry={() => void query.refetch()} />
      ) : a && isNewSeeker(a) ? (
        // A new seeker's one next step, as on every role's home.
        <div data-testid="home-next-step">
          <EmptyState
            icon={MessagesSquare}
            title="No practice yet — set up your first mock interview"
            description="Pick a company, a role and a level; once your interview is analysed, your scores per skill, your streak and what to practise next show here."
            action={newInterview('Set up a mock interview')}
          />
        </div>
      ) : (
        <>
          {a?.nextPractice ? (
            <NextPracticeCard next={a.nextPractice} />
          ) : query.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : null}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3" data-testid="practice-figures">
            <dl className="contents">
              <MaybeFigure
                label={`Practices in ${year}`}
                value={a ? a.practices : undefined}
                none=""
              />
              <MaybeFigure
                label="Average score"
                value={a ? a.averageScore : undefined}
                none={`No analysed practice in ${year}`}
              />
            </dl>
            <StreakTile streak={a?.streak} />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <PracticesPerMonthChart rows={rows} year={year} loading={!a} />
            <SkillScoresChart rows={rows} loading={!a} />
          </div>
          <PracticeMeetingsTable />
        </>
      )}
    </div>
  );
}
