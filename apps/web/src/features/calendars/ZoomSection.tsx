import { useState } from 'react';
import { Copy, TriangleAlert, Video } from 'lucide-react';
import { ZOOM_MESSAGES, zoomConfigBody, type ZoomConfigBody } from '@parley/contracts';
import { formatDateTime } from '../../lib/datetime';
import { formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useFormDialog } from '../../lib/use-form-dialog';
import { fromParse } from '../../lib/validation';
import {
  Button,
  ConfirmDialog,
  FormDialog,
  LoadError,
  Section,
  Skeleton,
  TextField,
} from '../../ui';
import { ConnectionBadge, IntegrationCard } from '../integrations';
import { useConfigureZoom, useDisconnectZoom, useZoomStatus } from './api';

const FIELDS = ['accountId', 'clientId', 'clientSecret', 'secretToken'] as const;
const EMPTY: ZoomConfigBody = { accountId: '', clientId: '', clientSecret: '', secretToken: '' };

/** The app's Server-to-Server OAuth credentials and webhook secret; checked at Zoom on save. */
function ConnectZoomDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const configure = useConfigureZoom();
  const { field, dialog } = useFormDialog({
    initial: EMPTY,
    validate: (v: ZoomConfigBody) => fromParse(zoomConfigBody.safeParse(v), FIELDS),
    save: (body) => configure.mutateAsync(body),
    failure: 'Zoom could not be connected. Please try again.',
    onSaved: () => toast({ title: ZOOM_MESSAGES.connected, variant: 'success' }),
    onClose,
  });
  return (
    <FormDialog
      open={open}
      title="Connect Zoom"
      description="From your Zoom Server-to-Server OAuth app (Zoom App Marketplace → Manage). Parley checks the credentials with Zoom before saving."
      submitLabel="Connect"
      {...dialog}
    >
      <TextField label="Account ID" autoComplete="off" spellCheck={false} {...field('accountId')} />
      <TextField label="Client ID" autoComplete="off" spellCheck={false} {...field('clientId')} />
      <TextField
        label="Client secret"
        type="password"
        autoComplete="new-password"
        {...field('clientSecret')}
      />
      <TextField
        label="Webhook secret token"
        type="password"
        autoComplete="new-password"
        hint="Feature → Event Subscriptions → Secret Token: Parley checks every webhook's signature with it."
        {...field('secretToken')}
      />
    </FormDialog>
  );
}

/** Zoom cloud recordings, imported and analyzed when Zoom says they are ready (issue 18 item 3). */
export function ZoomSection({ canManage }: { canManage: boolean }) {
  const status = useZoomStatus();
  const disconnect = useDisconnectZoom();
  const [connecting, setConnecting] = useState(false);
  const removal = useConfirmedAction(async (_: 'zoom') => disconnect.mutateAsync());
  const s = status.data;

  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Webhook URL copied', variant: 'success' });
  };

  return (
    <Section
      id="zoom"
      title="Zoom recordings"
      icon={Video}
      description="When a Zoom cloud recording is ready, Parley imports it as a meeting and analyzes it."
      className="scroll-mt-6"
    >
      {status.isError ? (
        <LoadError icon={Video} what="The Zoom connection" onRetry={() => void status.refetch()} />
      ) : !s ? (
        <div
          className="grid gap-4 lg:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading Zoom"
        >
          <Skeleton className="h-56 rounded-card" />
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          <IntegrationCard
            name="Zoom"
            testId="zoom"
            icon={Video}
            description="Cloud recordings of your Zoom account become Parley meetings, owned by their host."
            badges={<ConnectionBadge status={s.connected ? 'connected' : 'not-connected'} />}
            rows={[
              ...(s.accountId ? [{ label: 'Account ID', value: s.accountId }] : []),
              ...(s.connected
                ? [{ label: 'Imported', value: `${formatNumber(s.imported)} recordings` }]
                : []),
              ...(s.lastImport
                ? [
                    {
                      label: 'Last recording',
                      value: `${s.lastImport.topic} · ${formatDateTime(s.lastImport.at)}`,
                    },
                  ]
                : []),
            ]}
            actions={
              canManage ? (
                s.connected ? (
                  <Button variant="ghost" size="sm" onClick={() => removal.ask('zoom')}>
                    Disconnect
                  </Button>
                ) : (
                  <Button size="sm" onClick={() => setConnecting(true)}>
                    Connect
                  </Button>
                )
              ) : null
            }
          >
            {s.connected ? (
              <div className="flex flex-col gap-1 text-sm">
                <span className="text-muted">
                  Event notification endpoint URL (recording.completed)
                </span>
                <div className="flex items-center gap-2">
                  <code
                    className="min-w-0 flex-1 truncate rounded-card bg-surface-2 px-2 py-1 text-xs text-fg"
                    data-testid="zoom-webhook-url"
                  >
                    {s.webhookUrl}
                  </code>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label="Copy the webhook URL"
                    onClick={() => void copy(s.webhookUrl)}
                  >
                    <Copy className="size-4" aria-hidden />
                  </Button>
                </div>
              </div>
            ) : null}
            {s.lastImport?.state === 'failed' ? (
              <p className="flex items-start gap-2 text-sm text-danger" role="status">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                Import failed: {s.lastImport.error}
              </p>
            ) : s.lastImport?.state === 'importing' ? (
              <p className="text-sm text-muted" role="status">
                Importing “{s.lastImport.topic}”…
              </p>
            ) : null}
          </IntegrationCard>
        </div>
      )}
      <ConnectZoomDialog open={connecting} onClose={() => setConnecting(false)} />
      <ConfirmDialog
        {...removal.dialog}
        title="Disconnect Zoom?"
        description="Parley forgets the credentials and ignores Zoom's webhooks from now on. Meetings already imported stay."
        confirmLabel="Disconnect"
      />
    </Section>
  );
}
