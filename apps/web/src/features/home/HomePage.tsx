import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AlertTriangle,
  CheckSquare,
  CreditCard,
  GraduationCap,
  Library,
  MailQuestion,
  Upload,
} from 'lucide-react';
import type { HomeMeeting, HomeSummary } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { formatDate, formatNumber } from '../../lib/format';
import { navigationFor } from '../../lib/navigation';
import {
  Button,
  buttonClasses,
  Card,
  EmptyState,
  Figure,
  LoadError,
  PageHeader,
  ProgressBar,
  Skeleton,
} from '../../ui';
import { StatusChip } from '../meetings';
import { UploadDialog } from '../uploads';
import { useHomeSummary } from './api';
import { nextStepOf, scopeLabel, weeksSummary, type NextStep } from './model';
import { WeeklyCallsChart, WeeklyScoresChart } from './WeeklyCharts';
import { DealsAtRiskTile, TopTrackersTile } from './SalesTiles';
import { Tile, TileSkeleton } from './Tile';

/**
 * Tiles other modules add once they are merged: each renders only when given (the deals at
 * risk of the sales module, the top keyword trackers of the trackers module).
 */
export interface HomeSlots {
  dealsAtRisk?: ReactNode;
  topTrackers?: ReactNode;
}

/** A figure that may have nothing behind it: says so instead of showing 0. */
function MaybeFigure({
  label,
  value,
  unit,
  none,
}: {
  label: string;
  value: number | null | undefined;
  unit?: string;
  none: string;
}) {
  return (
    <div className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4 shadow-sm">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd>
        {value === undefined ? (
          <Skeleton className="h-8 w-16" />
        ) : value === null ? (
          <span className="text-sm text-subtle">{none}</span>
        ) : (
          <span className="tabular text-2xl font-semibold text-fg">
            {formatNumber(value)}
            {unit ? <span className="ml-0.5 text-base font-medium text-muted">{unit}</span> : null}
          </span>
        )}
      </dd>
    </div>
  );
}

function MeetingRows({ meetings, reason }: { meetings: HomeMeeting[]; reason?: boolean }) {
  return (
    <ul className="flex flex-col divide-y divide-border">
      {meetings.map((m) => (
        <li key={m.id} className="flex min-w-0 items-center gap-3 py-2 first:pt-0 last:pb-0">
          <div className="flex min-w-0 flex-1 flex-col">
            <Link
              to={`/library/${m.id}`}
              className="truncate text-sm font-medium text-fg hover:underline"
            >
              {m.meetingName}
            </Link>
            <span className="truncate text-xs text-muted">
              {reason && m.statusReason ? m.statusReason : formatDate(m.startTime)}
            </span>
          </div>
          <StatusChip status={m.inferenceStatus} reason={m.statusReason} />
        </li>
      ))}
    </ul>
  );
}

function NextStepCard({ step, onUpload }: { step: NextStep; onUpload: () => void }) {
  return (
    <Card
      className="flex flex-wrap items-center justify-between gap-4 border-accent/40 bg-accent-soft p-5"
      data-testid="home-next-step"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-xs font-medium uppercase tracking-wide text-accent-soft-fg">Next step</p>
        <p className="text-base font-semibold text-fg">{step.title}</p>
        <p className="text-sm text-muted">{step.description}</p>
      </div>
      {'upload' in step ? (
        <Button onClick={onUpload}>
          <Upload className="size-4" aria-hidden />
          {step.label}
        </Button>
      ) : (
        <Link to={step.to} className={buttonClasses('primary')}>
          {step.label}
        </Link>
      )}
    </Card>
  );
}

function RecentTile({
  s,
  canUpload,
  onUpload,
}: {
  s: HomeSummary | undefined;
  canUpload: boolean;
  onUpload: () => void;
}) {
  return (
    <Tile title="Recent meetings" to="/library" linkLabel="Library" testId="home-recent">
      {!s ? (
        <TileSkeleton />
      ) : s.recentMeetings.length === 0 ? (
        <EmptyState
          className="py-8"
          icon={Library}
          title="No meetings yet"
          description={
            canUpload
              ? 'Upload your first meeting to see its transcript, scores and action items here.'
              : 'Meetings shared with you will appear here.'
          }
          action={
            canUpload ? (
              <Button onClick={onUpload}>
                <Upload className="size-4" aria-hidden />
                Upload your first meeting
              </Button>
            ) : null
          }
        />
      ) : (
        <MeetingRows meetings={s.recentMeetings} />
      )}
    </Tile>
  );
}

function AttentionTile({ s }: { s: HomeSummary | undefined }) {
  const a = s?.attention;
  return (
    <Tile title="Needs attention" to="/library" linkLabel="All meetings" testId="home-attention">
      {!a ? (
        <TileSkeleton />
      ) : a.failedCount === 0 && a.runningCount === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <CheckSquare className="size-4 text-success" aria-hidden />
          Nothing needs attention: no failed or running analyses.
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          {a.failedCount > 0 ? (
            <div className="flex flex-col gap-2">
              <p className="text-xs font-medium text-danger">
                {a.failedCount === 1 ? '1 analysis failed' : `${a.failedCount} analyses failed`}
              </p>
              <MeetingRows meetings={a.failed} reason />
            </div>
          ) : null}
          {a.runningCount > 0 ? (
            <div className="flex flex-col gap-2">
              <p className="text-xs font-medium text-muted">
                {a.runningCount === 1 ? '1 analysis running' : `${a.runningCount} analyses running`}
              </p>
              <MeetingRows meetings={a.running} />
            </div>
          ) : null}
        </div>
      )}
    </Tile>
  );
}

function ActionItemsTile({ s }: { s: HomeSummary | undefined }) {
  return (
    <Tile title="Action items" to="/library" linkLabel="Meetings" testId="home-action-items">
      {!s ? (
        <TileSkeleton />
      ) : s.actionItems.length === 0 ? (
        <p className="text-sm text-muted">
          No action items yet: Zai lists them once a meeting has been analysed.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {s.actionItems.map((item, i) => (
            <li key={`${item.meetingId}-${i}`} className="flex min-w-0 flex-col">
              <span className="text-sm text-fg">{item.text}</span>
              <Link
                to={`/library/${item.meetingId}`}
                className="truncate text-xs text-muted hover:underline"
              >
                {item.meetingName}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Tile>
  );
}

function CoachingTile({ coaching }: { coaching: NonNullable<HomeSummary['coaching']> }) {
  const percent = Math.round(coaching.watchedShare * 100);
  return (
    <Tile title="Coaching progress" to="/coaching" linkLabel="Coaching" testId="home-coaching">
      {coaching.videos === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <GraduationCap className="size-4" aria-hidden />
          No coaching videos yet: your organisation has not added any.
        </p>
      ) : (
        <div className="flex flex-col gap-3">
          <ProgressBar value={percent} label="Coaching videos watched" />
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-muted">Watched</dt>
              <dd className="tabular font-semibold text-fg">{percent}%</dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Started</dt>
              <dd className="tabular font-semibold text-fg">
                {coaching.videosStarted} / {coaching.videos}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted">Quiz score</dt>
              <dd className="tabular font-semibold text-fg">
                {coaching.quizScore === null ? (
                  <span className="font-normal text-subtle">No quiz yet</span>
                ) : (
                  coaching.quizScore
                )}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </Tile>
  );
}

function CreditsTile({ credits }: { credits: NonNullable<HomeSummary['credits']> }) {
  return (
    <Tile title="Credits" to="/billing" linkLabel="Billing" testId="home-credits">
      {credits.remaining === null ? (
        <div className="flex flex-col items-start gap-2">
          <p className="flex items-center gap-2 text-sm text-muted">
            <CreditCard className="size-4 text-warning" aria-hidden />
            No active plan: new meetings cannot be analysed.
          </p>
          <Link to="/pricing" className={buttonClasses('secondary', 'sm')}>
            View plans
          </Link>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <p className="tabular text-2xl font-semibold text-fg">
            {formatNumber(credits.remaining)}
            <span className="ml-1 text-base font-medium text-muted">minutes left</span>
          </p>
          <p className="text-sm text-muted">
            One credit analyses one minute of a recording
            {credits.planName ? ` · ${credits.planName}` : ''}
            {credits.endDate ? ` · renews or ends ${formatDate(credits.endDate)}` : ''}
          </p>
        </div>
      )}
    </Tile>
  );
}

function InvitationsTile({
  invitations,
}: {
  invitations: NonNullable<HomeSummary['invitations']>;
}) {
  return (
    <Tile
      title="Pending registrations"
      to="/library"
      linkLabel="Meetings"
      testId="home-invitations"
    >
      {invitations.pending === 0 ? (
        <p className="text-sm text-muted">Everyone invited has registered face and voice.</p>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="flex items-center gap-2 text-sm text-muted">
            <MailQuestion className="size-4" aria-hidden />
            {invitations.pending === 1
              ? '1 person has not registered yet'
              : `${invitations.pending} people have not registered yet`}
          </p>
          <ul className="flex flex-col gap-1">
            {invitations.people.map((p) => (
              <li key={p.email} className="flex min-w-0 justify-between gap-2 text-sm">
                {p.meetingId ? (
                  <Link to={`/library/${p.meetingId}`} className="truncate text-fg hover:underline">
                    {p.name || p.email}
                  </Link>
                ) : (
                  <span className="truncate text-fg">{p.name || p.email}</span>
                )}
                <span className="shrink-0 text-xs text-muted">
                  invited {formatDate(p.invitedAt)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Tile>
  );
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
          <Figure label="Organisations on the platform" value={s.platform.organisations} />
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
              <Figure label="Meetings in your library" value={s?.meetingCount} />
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

export default function HomePage() {
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
