import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowUpRight, Download, Handshake, Lock, TriangleAlert } from 'lucide-react';
import {
  CRM_FEATURE,
  CRM_MESSAGES,
  CRM_NAMES,
  CRM_PROVIDERS,
  MESSAGES,
  crmProviderSchema,
  type CrmProvider,
  type CrmStatus,
} from '@parley/contracts';
import { formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { toast } from '../../lib/toast';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import {
  Badge,
  Button,
  ConfirmDialog,
  LoadError,
  ProgressBar,
  Section,
  Skeleton,
  useHasFeature,
} from '../../ui';
import { useConnectCrm, useCrmStatus, useDisconnectCrm, useImportCrm } from './api';
import { ConnectionBadge, IntegrationCard } from './IntegrationCard';
import type { SettingRow } from './model';

const DESCRIPTIONS: Record<CrmProvider, string> = {
  hubspot: 'Import companies, deals and contacts; each analyzed call on a deal gets a note.',
  salesforce:
    'Import accounts, opportunities and contact roles; each analyzed call on an opportunity is logged as a completed call.',
};

const counted = (s: CrmStatus) => {
  const c = s.import?.counts;
  return c
    ? `${formatNumber(c.accounts)} accounts · ${formatNumber(c.deals)} deals · ${formatNumber(c.contacts)} contacts`
    : '';
};

/** The last run's figures, or where the running one is. */
function ImportProgress({ status }: { status: CrmStatus }) {
  const run = status.import;
  if (!run) return null;
  const active = run.state === 'queued' || run.state === 'running';
  return (
    <div className="flex flex-col gap-1.5 text-sm" data-testid={`crm-import-${status.provider}`}>
      {active ? (
        <>
          <ProgressBar label={`${status.name} import`} />
          <p className="text-muted" role="status">
            {run.state === 'queued'
              ? 'Import queued…'
              : `Importing ${run.current ?? ''}… ${counted(status)}`}
          </p>
        </>
      ) : run.state === 'failed' ? (
        <p className="flex items-start gap-2 text-danger" role="status">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          Import failed: {run.error}
        </p>
      ) : (
        <p className="text-muted">
          Last import: {counted(status)}
          {run.counts.meetingsLinked > 0
            ? ` · ${formatNumber(run.counts.meetingsLinked)} calls linked to deals`
            : ''}
        </p>
      )}
      {active && run.error ? <p className="text-xs text-subtle">Retrying: {run.error}</p> : null}
    </div>
  );
}

/** Connecting and importing need the plan's sales feature; disconnecting never does. */
function NotInPlan() {
  return (
    <div className="flex items-start gap-2 text-sm text-muted" data-testid="crm-not-in-plan">
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex flex-col gap-1">
        <p>
          {MESSAGES.notInPlan}: {CRM_FEATURE}.
        </p>
        <Link
          to="/pricing"
          className="inline-flex items-center gap-1 self-start font-medium text-accent-text hover:underline"
        >
          Upgrade Plan <ArrowUpRight className="size-3.5" aria-hidden />
        </Link>
      </div>
    </div>
  );
}

function CrmCard(props: {
  status: CrmStatus;
  canManage: boolean;
  /** The organisation's plan has the feature connecting and importing need. */
  inPlan: boolean;
  busy: boolean;
  onConnect(): void;
  onImport(): void;
  onDisconnect(): void;
}) {
  const { status: s, canManage, inPlan, busy } = props;
  const running = s.import?.state === 'queued' || s.import?.state === 'running';
  const rows: SettingRow[] = [
    ...(s.accountName ? [{ label: 'Account', value: s.accountName }] : []),
    ...(s.lastImportAt ? [{ label: 'Last import', value: formatDate(s.lastImportAt) }] : []),
  ];
  let actions = null;
  if (canManage && s.connected) {
    actions = (
      <>
        {inPlan ? (
          <Button variant="secondary" size="sm" onClick={props.onImport} disabled={busy || running}>
            <Download className="size-4" aria-hidden />
            Import now
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" onClick={props.onDisconnect} disabled={busy}>
          Disconnect
        </Button>
      </>
    );
  } else if (canManage && inPlan) {
    actions = (
      <Button size="sm" onClick={props.onConnect} disabled={busy || !s.configured}>
        Connect
      </Button>
    );
  }
  return (
    <IntegrationCard
      name={s.name}
      testId={`crm-${s.provider}`}
      icon={Handshake}
      description={DESCRIPTIONS[s.provider]}
      badges={
        <div className="flex flex-wrap items-center gap-2">
          <ConnectionBadge status={s.connected ? 'connected' : 'not-connected'} />
          {s.needsReconnect ? <Badge tone="warning">Reconnect needed</Badge> : null}
        </div>
      }
      rows={rows}
      actions={actions}
    >
      {!s.configured ? (
        <p className="text-sm text-muted" data-testid="crm-setup-hint">
          {s.setupHint}
        </p>
      ) : null}
      {s.needsReconnect ? (
        <p className="text-sm text-warning">{CRM_MESSAGES.reconnect(s.provider)}</p>
      ) : null}
      {canManage && s.configured && !inPlan ? <NotInPlan /> : null}
      <ImportProgress status={s} />
    </IntegrationCard>
  );
}

/** HubSpot and Salesforce on /app-integrations (issue 16 item 7). */
export function CrmSection({ canManage }: { canManage: boolean }) {
  const status = useCrmStatus();
  const hasFeature = useHasFeature();
  const connect = useConnectCrm();
  const importNow = useImportCrm();
  const disconnect = useDisconnectCrm();
  const removal = useConfirmedAction(async (p: CrmProvider) => {
    const done = await disconnect.mutateAsync(p);
    // Disconnected either way; a revocation the CRM did not confirm is a warning to act on.
    return { message: done.message, variant: done.revoked ? 'success' : 'warning' } as const;
  });
  const removing = removal.target;
  const busy = connect.isPending || importNow.isPending || disconnect.isPending;

  // Back from the CRM's authorisation page: say how it went, once.
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const provider = crmProviderSchema.safeParse(params.get('crm'));
    if (!provider.success) return;
    const error = params.get('crmError');
    toast(
      error
        ? { title: error, variant: 'error' }
        : { title: CRM_MESSAGES.connected(provider.data), variant: 'success' },
    );
    setParams(
      (p) => {
        for (const k of ['crm', 'crmResult', 'crmError']) p.delete(k);
        return p;
      },
      { replace: true },
    );
  }, [params, setParams]);

  return (
    <Section
      id="crm"
      title="CRM"
      icon={Handshake}
      description="Bring your accounts, deals and contacts into Parley, link calls to deals by who attended, and write each analyzed call back to its deal."
      className="scroll-mt-6"
    >
      {status.isError ? (
        <LoadError
          icon={Handshake}
          what="The CRM connections"
          onRetry={() => void status.refetch()}
        />
      ) : status.isLoading ? (
        <div
          className="grid gap-4 lg:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading CRM"
        >
          {CRM_PROVIDERS.map((p) => (
            <Skeleton key={p} className="h-56 rounded-card" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {(status.data?.data ?? []).map((s) => (
            <CrmCard
              key={s.provider}
              status={s}
              canManage={canManage}
              inPlan={hasFeature(CRM_FEATURE)}
              busy={busy}
              onConnect={() => connect.mutate(s.provider)}
              onImport={() => importNow.mutate(s.provider)}
              onDisconnect={() => removal.ask(s.provider)}
            />
          ))}
        </div>
      )}
      <ConfirmDialog
        {...removal.dialog}
        title={`Disconnect ${removing ? CRM_NAMES[removing] : ''}?`}
        description="Parley revokes its access at the CRM, forgets the sign-in and stops importing and writing notes. Accounts, deals and contacts already imported stay."
        confirmLabel="Disconnect"
      />
    </Section>
  );
}
