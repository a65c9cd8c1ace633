import { Link } from 'react-router';
import {
  CheckSquare,
  CreditCard,
  GraduationCap,
  Library,
  MailQuestion,
  Upload,
} from 'lucide-react';
import type { HomeMeeting, HomeSummary } from '@parley/contracts';
import { formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { Button, buttonClasses, Card, EmptyState, ProgressBar, Skeleton } from '../../ui';
import { StatusChip } from '../meetings';
import type { NextStep } from './model';
import { Tile, TileSkeleton } from './Tile';

// The dashboard's tiles, each from its part of the home summary.

/** A figure that may have nothing behind it: says so instead of showing 0. */
export function MaybeFigure({
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

export function MeetingRows({ meetings, reason }: { meetings: HomeMeeting[]; reason?: boolean }) {
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

export function NextStepCard({ step, onUpload }: { step: NextStep; onUpload: () => void }) {
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

export function RecentTile({
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

export function AttentionTile({ s }: { s: HomeSummary | undefined }) {
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

export function ActionItemsTile({ s }: { s: HomeSummary | undefined }) {
  return (
    <Tile title="Action items" to="/library" linkLabel="Meetings" testId="home-action-items">
      {!s ? (
        <TileSkeleton />
      ) : s.actionItems.length === 0 ? (
        <p className="text-sm text-muted">
          No action items yet: Zai lists them once a meeting has been analyzed.
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

export function CoachingTile({ coaching }: { coaching: NonNullable<HomeSummary['coaching']> }) {
  const percent = Math.round(coaching.watchedShare * 100);
  return (
    <Tile title="Coaching progress" to="/coaching" linkLabel="Coaching" testId="home-coaching">
      {coaching.videos === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <GraduationCap className="size-4" aria-hidden />
          No coaching videos yet: your organization has not added any.
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

export function CreditsTile({ credits }: { credits: NonNullable<HomeSummary['credits']> }) {
  return (
    <Tile title="Credits" to="/billing" linkLabel="Billing" testId="home-credits">
      {credits.remaining === null ? (
        <div className="flex flex-col items-start gap-2">
          <p className="flex items-center gap-2 text-sm text-muted">
            <CreditCard className="size-4 text-warning" aria-hidden />
            No active plan: new meetings cannot be analyzed.
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
            One credit analyzes one minute of a recording
            {credits.planName ? ` · ${credits.planName}` : ''}
            {credits.endDate ? ` · renews or ends ${formatDate(credits.endDate)}` : ''}
          </p>
        </div>
      )}
    </Tile>
  );
}

export function InvitationsTile({
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
