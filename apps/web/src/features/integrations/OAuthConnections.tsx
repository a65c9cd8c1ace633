import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { toast } from '../../lib/toast';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { Badge, LoadError, Skeleton } from '../../ui';
import { ConnectionBadge, IntegrationCard } from './IntegrationCard';
import type { SettingRow } from './model';

/**
 * The pieces every account connected through OAuth on /app-integrations shares (the CRMs, the
 * calendars): its card, the toast on the way back from the provider, disconnecting, and the
 * section's loading and error states. Each section keeps its own texts, rows and actions.
 */

/** What a connection's status says about the connection itself, whatever the provider. */
export interface OAuthConnectionStatus<P extends string> {
  provider: P;
  name: string;
  /** Whether this server has the provider's client id and secret. */
  configured: boolean;
  setupHint: string | null;
  connected: boolean;
  needsReconnect: boolean;
}

/**
 * One provider's card: connected or not, "Reconnect needed", and what to set up when the
 * server cannot connect it. `kind` prefixes the test ids (`crm-hubspot`, `crm-setup-hint`).
 */
export function OAuthConnectionCard<P extends string>(props: {
  status: OAuthConnectionStatus<P>;
  kind: string;
  icon: LucideIcon;
  description: string;
  rows: SettingRow[];
  /** Null hides the action row. */
  actions: ReactNode;
  /** Below the setup hint: the section's own notes (sync or import state). */
  children?: ReactNode;
}) {
  const { status: s, kind } = props;
  return (
    <IntegrationCard
      name={s.name}
      testId={`${kind}-${s.provider}`}
      icon={props.icon}
      description={props.description}
      badges={
        <div className="flex flex-wrap items-center gap-2">
          <ConnectionBadge status={s.connected ? 'connected' : 'not-connected'} />
          {s.needsReconnect ? <Badge tone="warning">Reconnect needed</Badge> : null}
        </div>
      }
      rows={props.rows}
      actions={props.actions}
    >
      {!s.configured ? (
        <p className="text-sm text-muted" data-testid={`${kind}-setup-hint`}>
          {s.setupHint}
        </p>
      ) : null}
      {props.children}
    </IntegrationCard>
  );
}

/**
 * Back from the provider's consent page (the server's callback redirects with `?<param>=<p>`
 * and `<param>Result=connected` or `<param>Error=<message>`): says how it went, once, and
 * takes the parameters off the address.
 */
export function useOAuthReturn<P extends string>(opts: {
  param: string;
  providers: readonly P[];
  connectedTitle: (p: P) => string;
}) {
  const { param, providers, connectedTitle } = opts;
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const provider = providers.find((p) => p === params.get(param));
    if (!provider) return;
    const error = params.get(`${param}Error`);
    toast(
      error
        ? { title: error, variant: 'error' }
        : { title: connectedTitle(provider), variant: 'success' },
    );
    setParams(
      (p) => {
        for (const k of [param, `${param}Result`, `${param}Error`]) p.delete(k);
        return p;
      },
      { replace: true },
    );
    // The texts and provider list are constants of the section; the address drives this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, setParams]);
}

/**
 * Disconnecting after asking: disconnected either way, and a revocation the provider did not
 * confirm is a warning to act on.
 */
export function useOAuthDisconnect<P extends string>(
  disconnect: (p: P) => Promise<{ message: string; revoked: boolean }>,
) {
  return useConfirmedAction(async (p: P) => {
    const done = await disconnect(p);
    return { message: done.message, variant: done.revoked ? 'success' : 'warning' } as const;
  });
}

/** The section's cards once the status is read; an error to retry, or placeholders meanwhile. */
export function OAuthConnectionGrid<T>(props: {
  query: UseQueryResult<T>;
  icon: LucideIcon;
  /** What did not load, as LoadError says it ("The CRM connections"). */
  what: string;
  loadingLabel: string;
  /** One placeholder card per key. */
  placeholders: readonly string[];
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isError) {
    return <LoadError icon={props.icon} what={props.what} onRetry={() => void query.refetch()} />;
  }
  if (query.isLoading || !query.data) {
    return (
      <div
        className="grid gap-4 lg:grid-cols-3"
        role="status"
        aria-busy="true"
        aria-label={props.loadingLabel}
      >
        {props.placeholders.map((p) => (
          <Skeleton key={p} className="h-56 rounded-card" />
        ))}
      </div>
    );
  }
  return <div className="grid gap-4 lg:grid-cols-3">{props.children(query.data)}</div>;
}
