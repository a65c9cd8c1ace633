import { useState } from 'react';
import { Bot, Cpu } from 'lucide-react';
import { AI_CONFIG_PROVIDERS, AI_PROVIDER_NAMES, type AiConfigProvider } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { ConfirmDialog, LoadError, Section, Skeleton } from '../../ui';
import { AiProviderCard } from './AiProviderCard';
import { ConnectAiDialog } from './ConnectAiDialog';
import { useAiProviders, useDisconnectAi } from './api';
import { ZaiDefaultModel } from './ZaiDefaultModel';

/**
 * The AI providers on /app-integrations, beside the storage ones, and on their own
 * Configuration tab (whose page title already says "AI providers", so it names the section).
 */
export function AiProvidersSection({
  canManage,
  title = 'AI providers',
}: {
  canManage: boolean;
  title?: string;
}) {
  const organizationId = useAuth().user?.organizationId;
  const configs = useAiProviders();
  const disconnect = useDisconnectAi();
  const [connecting, setConnecting] = useState<AiConfigProvider | null>(null);
  const removal = useConfirmedAction((provider: AiConfigProvider) =>
    disconnect.mutateAsync(provider),
  );
  const removing = removal.target;

  return (
    <Section
      id="ai-providers"
      title={title}
      icon={Cpu}
      description="Zai and the prompt workbench use the models of the providers you connect. Without one, Parley’s built-in engine (parley-local) answers, offline."
      className="scroll-mt-6"
    >
      {configs.isError ? (
        <LoadError icon={Bot} what="The AI providers" onRetry={() => void configs.refetch()} />
      ) : configs.isLoading ? (
        <div
          className="grid gap-4 lg:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading AI providers"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 rounded-card" />
          ))}
        </div>
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {AI_CONFIG_PROVIDERS.map((provider) => (
            <AiProviderCard
              key={provider}
              provider={provider}
              config={configs.data?.find((c) => c.provider === provider)}
              canManage={canManage}
              busy={disconnect.isPending}
              onConnect={() => setConnecting(provider)}
              onDisconnect={() => removal.ask(provider)}
            />
          ))}
        </div>
      )}
      {organizationId ? (
        <ZaiDefaultModel organizationId={organizationId} canManage={canManage} />
      ) : null}
      <ConnectAiDialog provider={connecting} onOpenChange={(o) => !o && setConnecting(null)} />
      <ConfirmDialog
        {...removal.dialog}
        title={`Disconnect ${removing ? AI_PROVIDER_NAMES[removing] : ''}?`}
        description="Parley forgets the key. Prompts that use its models stop working until you connect it again; the built-in engine keeps answering."
        confirmLabel="Disconnect"
      />
    </Section>
  );
}
