import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, CircleDashed, type LucideIcon } from 'lucide-react';
import type { TestConnectionResult } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui';
import type { SettingRow } from './model';

interface IntegrationCardProps {
  name: string;
  testId: string;
  icon: LucideIcon;
  description: string;
  /** The status badge first, then any others (default store). */
  badges: ReactNode;
  /** Visible, non-secret settings. */
  rows: SettingRow[];
  /** Between the settings and the actions (a connection test's answer). */
  children?: ReactNode;
  /** Only for people who may manage integrations; null hides the action row. */
  actions: ReactNode;
}

/** One integration (a store, an AI provider): icon, name, status, settings and its actions. */
export function IntegrationCard(props: IntegrationCardProps) {
  const { name, icon: Icon, rows, actions } = props;
  return (
    <section
      aria-label={name}
      data-testid={props.testId}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-card border border-border bg-surface-2 text-muted">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="text-base font-semibold text-fg">{name}</h3>
          <p className="text-sm text-muted">{props.description}</p>
        </div>
      </div>
      {props.badges}
      {rows.length > 0 ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
          {rows.map((r) => (
            <div key={r.label} className="contents">
              <dt className="text-muted">{r.label}</dt>
              <dd className="tabular truncate text-fg" title={r.value}>
                {r.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {props.children}
      {actions ? <div className="mt-auto flex flex-wrap justify-end gap-2">{actions}</div> : null}
    </section>
  );
}

/** Connected, not connected, or built in (local storage needs no connection). */
export function ConnectionBadge({
  status,
}: {
  status: 'connected' | 'not-connected' | 'built-in';
}) {
  if (status === 'not-connected')
    return (
      <Badge tone="neutral" data-status="not-connected">
        <CircleDashed aria-hidden />
        Not connected
      </Badge>
    );
  return (
    <Badge tone={status === 'connected' ? 'success' : 'neutral'} data-status={status}>
      <CircleCheck aria-hidden />
      {status === 'connected' ? 'Connected' : 'Built in'}
    </Badge>
  );
}

/** What a connection test found, or why it failed, said as a status line. */
export function ConnectionTestResult({ check }: { check: TestConnectionResult }) {
  return (
    <p
      role="status"
      data-testid="test-result"
      className={cn('flex items-start gap-2 text-sm', check.ok ? 'text-success' : 'text-danger')}
    >
      {check.ok ? (
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
      ) : (
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      )}
      {check.message}
    </p>
  );
}
