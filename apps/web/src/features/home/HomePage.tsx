import { Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { useAuth, useCan } from '../../lib/auth-store';
import { navigationFor, navigationKind } from '../../lib/navigation';
import { Figure, LoadError, PageHeader, PageSpinner, Skeleton } from '../../ui';
import { PracticeHomePage } from '../talent-pool';
import { UploadDialog } from '../uploads';
import { useHomeSummary } from './api';
import { nextStepOf, scopeLabel, weeksSummary } from './model';
import { WeeklyCallsChart, WeeklyScoresChart } from './WeeklyCharts';
import { DealsAtRiskTile, TopTrackersTile } from './SalesTiles';
import {
  ActionItemsTile,
  AttentionTile,
  CoachingTile,
  CreditsTile,
  InvitationsTile,
  MaybeFigure,
  NextStepCard,
  RecentTile,
} from './SummaryTiles';

/**
 * Tiles other modules add once they are merged: each renders only when given (the deals at
 * risk of the sales module, the top keyword trackers of the trackers module).
 */
export interface HomeSlots {
  dealsAtRisk?: ReactNode;
  topTrackers?: ReactNode;
}

/** Home (/ for enterprise roles, /home for talent pool): the caller's dashboard. */
export function HomeDashboard({ slots = {} }: { slots?: HomeSlots }) {
  const { user } = useAuth();
  const canUpload = useCan('meetings.upload');
  const query = useHomeSummary();
  const [uploadOpen, setUploadOpen] = useState(false);
  if (!user) return null;
  const s = query.data;
  const superAdmin = user.role === 'superadmin';
  const areas = navigationFor(user).filter((i) => i.path !== '/' && i.path !== '/home');
  const totals = s ? weeksSummary(s.weeks) : null;
  const teamView = s?.scope === 'team' || s?.scope === 'organisation';
  const openUpload = () => setUploadOpen(true);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={`Welcome, ${user.firstName || user.email}`}
        documentTitle="Home"
        description={
          user.organization.isB2C ? 'Your overview.' : `${user.organization.name} · Your overview.`
        }
        className="pb-0"
      />

      {query.isError ? (
        <LoadError icon={AlertTriangle} what="Your overview" onRetry={() => void query.refetch()} />
      ) : null}

      {s ? (
        <NextStepCard step={nextStepOf(s, canUpload)} onUpload={openUpload} />
      ) : query.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : null}

      {superAdmin && s?.platform ? (
        <dl className="grid gap-3 sm:grid-cols-3" data-testid="home-platform">
          <Figure label="Organizations on the platform" value={s.platform.organisations} />
        </dl>
      ) : null}

      {!superAdmin ? (
        <section aria-labelledby="figures-heading" className="flex flex-col gap-3">
          <h2 id="figures-heading" className="text-sm font-medium text-muted">
            {s ? `${scopeLabel(s.scope)}, last 8 weeks` : 'Last 8 weeks'}
          </h2>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="home-figures">
            <Figure label="Meetings" value={totals?.calls} />
            <MaybeFigure
              label="Average score"
              value={totals ? totals.averageScore : undefined}
              none="No scored meetings yet"
            />
            <MaybeFigure
              label="Talk ratio"
              value={totals ? totals.talkRatio : undefined}
              unit="%"
              none="No two-speaker transcripts yet"
            />
            {s?.credits && s.credits.remaining !== null ? (
              <MaybeFigure label="Credits left" value={s.credits.remaining} unit=" min" none="" />
            ) : (
              <Figure label="Meetings, all time" value={s?.meetingCount} />
            )}
          </dl>
          <div className="grid gap-4 lg:grid-cols-2">
            <WeeklyCallsChart
              weeks={s?.weeks ?? []}
              loading={!s}
              title={s ? scopeLabel(s.scope) : 'Calls'}
            />
            <WeeklyScoresChart weeks={s?.weeks ?? []} loading={!s} />
          </div>
        </section>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-2">
        {!superAdmin ? <AttentionTile s={s} /> : null}
        {!superAdmin ? <RecentTile s={s} canUpload={canUpload} onUpload={openUpload} /> : null}
        {s?.credits ? <CreditsTile credits={s.credits} /> : null}
        {s?.coaching ? <CoachingTile coaching={s.coaching} /> : null}
        {!superAdmin ? <ActionItemsTile s={s} /> : null}
        {s?.invitations ? <InvitationsTile invitations={s.invitations} /> : null}
        {teamView && slots.dealsAtRisk ? slots.dealsAtRisk : null}
        {teamView && slots.topTrackers ? slots.topTrackers : null}
      </div>

      <nav aria-labelledby="areas-heading" className="flex flex-col gap-2" data-testid="home-areas">
        <h2 id="areas-heading" className="text-sm font-medium text-muted">
          Your areas
        </h2>
        <ul className="flex flex-wrap gap-2">
          {areas.map((area) => (
            <li key={area.path}>
              <Link
                to={area.path}
                title={area.description}
                className="inline-flex items-center gap-2 rounded-control border border-border bg-surface px-3 py-1.5 text-sm text-fg shadow-sm hover:border-border-strong hover:bg-surface-2"
              >
                <area.icon className="size-4 text-accent" aria-hidden />
                {area.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {canUpload && !superAdmin ? (
        <UploadDialog open={uploadOpen} onOpenChange={setUploadOpen} />
      ) : null}
    </div>
  );
}

/** /home for a job seeker is their practice; everyone else gets the dashboard. */
export default function HomePage() {
  const { user } = useAuth();
  if (user && navigationKind(user) === 'talentPool')
    return (
      <Suspense fallback={<PageSpinner />}>
        <PracticeHomePage />
      </Suspense>
    );
  return <OrganisationHome />;
}

function OrganisationHome() {
  const s = useHomeSummary().data;
  return (
    <HomeDashboard
      slots={{
        dealsAtRisk: s?.dealsAtRisk ? <DealsAtRiskTile atRisk={s.dealsAtRisk} /> : undefined,
        topTrackers: <TopTrackersTile />,
      }}
    />
  );
}
