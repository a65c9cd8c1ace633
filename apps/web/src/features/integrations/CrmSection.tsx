import { Link } from 'react-router';
import { ArrowUpRight, Download, Handshake, Lock, TriangleAlert } from 'lucide-react';
import {
  CRM_FEATURE,
  CRM_MESSAGES,
  CRM_NAMES,
  CRM_PROVIDERS,
  MESSAGES,
  type CrmProvider,
  type CrmStatus,
} from '@parley/contracts';
import { formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { Button, ConfirmDialog, ProgressBar, Section, useHasFeature } from '../../ui';
import { useConnectCrm, useCrmStatus, useDisconnectCrm, useImportCrm } from './api';
import {
  OAuthConnectionCard,
  OAuthConnectionGrid,
  useOAuthDisconnect,
  useOAuthReturn,
} from './OAuthConnections';
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
    <OAuthConnectionCard
      status={s}
      kind="crm"
      icon={Handshake}
      description={DESCRIPTIONS[s.provider]}
      rows={rows}
      actions={actions}
    >
      {s.needsReconnect ? (
        <p className="text-sm text-warning">{CRM_MESSAGES.reconnect(s.provider)}</p>
      ) : null}
      {canManage && s.configured && !inPlan ? <NotInPlan /> : null}
      <ImportProgress status={s} />
    </OAuthConnectionCard>
  );
}

/** HubSpot and Salesforce on /app-integrations (issue 16 item 7). */
export function CrmSection({ canManage }: { canManage: boolean }) {
  const status = useCrmStatus();
  const hasFeature = useHasFeature();
  const connect = useConnectCrm();
  const importNow = useImportCrm();
  const disconnect = useDisconnectCrm();
  const removal = useOAuthDisconnect((p: CrmProvider) => disconnect.mutateAsync(p));
  const removing = removal.target;
  const busy = connect.isPending || importNow.isPending || disconnect.isPending;

  // Back from the CRM's authorisation page: say how it went, once.
  useOAuthReturn({
    param: 'crm',
    providers: CRM_PROVIDERS,
    connectedTitle: CRM_MESSAGES.connected,
  });

  return (
    <Section
      id="crm"
      title="CRM"
      icon={Handshake}
      description="Bring your accounts, deals and contacts into Parley, link calls to deals by who attended, and write each analyzed call back to its deal."
      className="scroll-mt-6"
    >
      <OAuthConnectionGrid
        query={status}
        icon={Handshake}
        what="The CRM connections"
        loadingLabel="Loading CRM"
        placeholders={CRM_PROVIDERS}
      >
        {(data) =>
          data.data.map((s) => (
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
          ))
        }
      </OAuthConnectionGrid>
      <ConfirmDialog
        {...removal.dialog}
        title={`Disconnect ${removing ? CRM_NAMES[removing] : ''}?`}
        description="Parley revokes its access at the CRM, forgets the sign-in and stops importing and writing notes. Accounts, deals and contacts already imported stay."
        confirmLabel="Disconnect"
      />
    </Section>
  );
}
