import { useState } from 'react';
import { Cloud, HardDrive, Info } from 'lucide-react';
import type { CloudProvider, StorageProvider } from '@parley/contracts';
import { useCan } from '../../lib/auth-store';
import { CLOUD_NAMES } from './model';
import { toast } from '../../lib/toast';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { ConfirmDialog, LoadError, PageHeader, Section, Skeleton } from '../../ui';
import { AiProvidersSection } from './AiProvidersSection';
import { BotServiceSection } from './BotServiceCard';
import { CrmSection } from './CrmSection';
import { CalendarSection, ZoomSection } from '../calendars';
import { ConnectAzureDialog } from './ConnectAzureDialog';
import { ConnectS3Dialog } from './ConnectS3Dialog';
import { StorageCard } from './StorageCard';
import { useConfigurations, useDefaultCloud, useDisconnect, useMakeDefault } from './api';

const CLOUDS = [
  {
    provider: 'aws',
    icon: Cloud,
    description: 'Keep recordings in your own S3 bucket, or an S3-compatible server.',
  },
  {
    provider: 'azure',
    icon: Cloud,
    description: 'Keep recordings in a container of your Azure storage account.',
  },
] as const;

/** /app-integrations: connect and disconnect integrations (spec 3 §2, §3, §7). */
export default function AppIntegrationsPage() {
  const canManage = useCan('integrations.manage');
  const configs = useConfigurations();
  const defaults = useDefaultCloud();
  const disconnect = useDisconnect();
  const makeDefault = useMakeDefault();
  const [connecting, setConnecting] = useState<CloudProvider | null>(null);
  const busy = disconnect.isPending || makeDefault.isPending;
  // A default whose store was disconnected no longer receives uploads: local does.
  const chosen = defaults.data?.provider ?? 'local';
  const current: StorageProvider = defaults.data?.available.includes(chosen) ? chosen : 'local';

  const onMakeDefault = (provider: StorageProvider) =>
    makeDefault.mutate(provider, {
      onSuccess: () =>
        toast({
          title: 'Default storage changed',
          description: `New recordings go to ${CLOUD_NAMES[provider]}.`,
          variant: 'success',
        }),
    });

  const removal = useConfirmedAction((provider: CloudProvider) =>
    disconnect.mutateAsync({ provider, wasDefault: provider === current }),
  );
  const removing = removal.target;

  const loading = configs.isLoading || defaults.isLoading;
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="App Integrations"
        description="Connect the services your organization uses."
        className="pb-0"
      />
      {!canManage ? (
        <p
          className="flex items-start gap-2 rounded-card border border-border bg-surface-2 px-3 py-2 text-sm text-muted"
          data-testid="read-only-note"
        >
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          Only your organization’s point of contact can connect or change integrations.
        </p>
      ) : null}
      <Section
        title="Cloud storage"
        description="Where recordings are kept. New uploads go to the default store; meetings already uploaded stay where they are."
      >
        {configs.isError || defaults.isError ? (
          <LoadError
            icon={Cloud}
            what="The integrations"
            onRetry={() => void Promise.all([configs.refetch(), defaults.refetch()])}
          />
        ) : loading ? (
          <div
            className="grid gap-4 lg:grid-cols-3"
            role="status"
            aria-busy="true"
            aria-label="Loading storage"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-56 rounded-card" />
            ))}
          </div>
        ) : (
          <div className="grid gap-4 lg:grid-cols-3">
            <StorageCard
              provider="local"
              icon={HardDrive}
              description="Always available. Recordings are kept by Parley, nothing to set up."
              isDefault={current === 'local'}
              canManage={canManage}
              busy={busy}
              onMakeDefault={() => onMakeDefault('local')}
            />
            {CLOUDS.map(({ provider, icon, description }) => (
              <StorageCard
                key={provider}
                provider={provider}
                icon={icon}
                description={description}
                config={configs.data?.find((c) => c.provider === provider)}
                isDefault={current === provider}
                canManage={canManage}
                busy={busy}
                onConnect={() => setConnecting(provider)}
                onDisconnect={() => removal.ask(provider)}
                onMakeDefault={() => onMakeDefault(provider)}
              />
            ))}
          </div>
        )}
      </Section>
      <AiProvidersSection canManage={canManage} />
      <CrmSection canManage={canManage} />
      <CalendarSection />
      <ZoomSection canManage={canManage} />
      <BotServiceSection />
      <ConnectS3Dialog
        open={connecting === 'aws'}
        onOpenChange={(o) => setConnecting(o ? 'aws' : null)}
      />
      <ConnectAzureDialog
        open={connecting === 'azure'}
        onOpenChange={(o) => setConnecting(o ? 'azure' : null)}
      />
      <ConfirmDialog
        {...removal.dialog}
        title={`Disconnect ${removing ? CLOUD_NAMES[removing] : ''}?`}
        description={
          removing === current
            ? 'Parley forgets the credentials and new uploads go to Local storage. Recordings already stored there are not deleted, but Parley can no longer play them until you connect again.'
            : 'Parley forgets the credentials. Recordings already stored there are not deleted, but Parley can no longer play them until you connect again.'
        }
        confirmLabel="Disconnect"
      />
    </div>
  );
}
