import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, Building, FileText, Users } from 'lucide-react';
import type { OrganizationDashboard } from '@parley/contracts';
import { formatCount, formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import {
  Badge,
  buttonClasses,
  Card,
  EmptyState,
  Figure,
  LoadError,
  PageHeader,
  Skeleton,
} from '../../ui';
import { DailyActivityChart } from '../../ui/charts/DailyActivityChart';
import { useOrganizationDashboard } from './api';
import { AddressesCard } from '../addresses';

const DAYS = 30;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="text-sm font-semibold text-fg">{title}</h2>
      {children}
    </Card>
  );
}

function PlanAndContact({ d }: { d: OrganizationDashboard }) {
  const poc = d.pointOfContact;
  return (
    <Section title="Plan and point of contact">
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">Plan</dt>
          <dd className="font-medium text-fg">
            {d.plan
              ? `${d.plan.name} · ${formatNumber(d.plan.remainingCredits)} credits left`
              : 'No plan'}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">Point of contact</dt>
          <dd className="truncate font-medium text-fg">
            {poc ? `${poc.firstName} ${poc.lastName}`.trim() : 'None'}
          </dd>
          {poc ? <dd className="truncate text-muted">{poc.email}</dd> : null}
        </div>
        <div>
          <dt className="text-muted">Created</dt>
          <dd className="font-medium text-fg">{formatDate(d.record.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-muted">Departments</dt>
          <dd className="tabular font-medium text-fg">{formatNumber(d.departmentCount)}</dd>
        </div>
      </dl>
    </Section>
  );
}

function TopUsers({ d }: { d: OrganizationDashboard }) {
  return (
    <Section title="Most active users">
      {d.topUsers.length === 0 ? (
        <p className="text-sm text-muted">Nobody has used Parley yet.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border">
          {d.topUsers.map((u) => (
            <li key={u.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium text-fg">
                  {`${u.firstName} ${u.lastName}`.trim()}
                </span>
                <span className="truncate text-xs text-muted">{u.email}</span>
              </span>
              <Badge tone="neutral">
                <span className="tabular">{formatNumber(u.activityCount)}</span>&nbsp;calls
              </Badge>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

/** /organization-management/{id}: one organisation's dashboard (spec 3 §3 Organisation). */
export default function OrganizationPage() {
  const id = useParams().id ?? '';
  const dashboard = useOrganizationDashboard(id, DAYS);
  const d = dashboard.data?.data;
  const back = (
    <Link to="/organization-management" className={buttonClasses('ghost', 'sm')}>
      <ArrowLeft aria-hidden /> Organizations
    </Link>
  );

  if (dashboard.isError) {
    return (
      <div className="flex flex-col gap-4">
        <div>{back}</div>
        <LoadError
          icon={Building}
          what="The organization"
          onRetry={() => void dashboard.refetch()}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div>{back}</div>
      <PageHeader
        title={d?.record.name ?? <Skeleton className="h-8 w-48" />}
        description={
          d ? `${d.plan?.name ?? 'No'} plan · ${formatCount(d.usersCount, 'user')}` : ' '
        }
      />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label="Users" value={d?.usersCount} />
        <Figure label="Activity" value={d?.activityCount} />
        <Figure label="Groups" value={d?.groupCount} />
        <Figure label="Departments" value={d?.departmentCount} />
      </dl>
      <DailyActivityChart
        days={d?.activityByDay ?? []}
        loading={dashboard.isLoading}
        testId="organization-activity-chart"
        info="Every call the organization’s members made to Parley, per day (UTC), over the last 30 days."
        emptyText="No activity in the last 30 days."
      />
      {d ? (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          <PlanAndContact d={d} />
          <TopUsers d={d} />
          <Section title="Groups">
            {Object.keys(d.groups).length === 0 ? (
              <EmptyState
                icon={Users}
                title="No groups yet"
                description="Groups the point of contact creates in User Management appear here."
                className="py-8"
              />
            ) : (
              <ul className="flex flex-wrap gap-2">
                {Object.entries(d.groups).map(([gid, name]) => (
                  <li key={gid}>
                    <Badge tone="neutral">{name}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Section title="Invoices">
            <EmptyState
              icon={FileText}
              title="No invoices"
              description="Paid plans and their invoices come with card payment."
              className="py-8"
            />
          </Section>
        </div>
      ) : null}
      {d ? <AddressesCard organizationId={d.record.id} /> : null}
      <p className="sr-only" aria-live="polite">
        {dashboard.isLoading ? 'Loading organization' : ''}
      </p>
    </div>
  );
}
