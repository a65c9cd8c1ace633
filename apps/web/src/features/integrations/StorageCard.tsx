import type { ReactNode } from 'react';
import { Star, type LucideIcon } from 'lucide-react';
import type { IntegrationConfiguration, StorageProvider } from '@parley/contracts';
import { CLOUD_NAMES, settingRows, type SettingRow } from './model';
import { Badge, Button } from '../../ui';
import { ConnectionBadge, IntegrationCard } from './IntegrationCard';

interface StorageCardProps {
  provider: StorageProvider;
  icon: LucideIcon;
  description: string;
  /** The saved configuration; local storage has none. */
  config?: IntegrationConfiguration;
  isDefault: boolean;
  canManage: boolean;
  busy: boolean;
  onConnect?(): void;
  onDisconnect?(): void;
  onMakeDefault(): void;
}

/** One store on the integrations page: status, visible settings and its actions. */
export function StorageCard({
  provider,
  icon,
  description,
  config,
  isDefault,
  canManage,
  busy,
  onConnect,
  onDisconnect,
  onMakeDefault,
}: StorageCardProps) {
  const name = CLOUD_NAMES[provider];
  const builtIn = provider === 'local';
  const connected = builtIn || config?.status === 'connected';
  const rows: SettingRow[] = builtIn
    ? [{ label: 'Location', value: 'Parley’s own storage' }]
    : config
      ? settingRows(config)
      : [];

  let actions: ReactNode = null;
  if (canManage) {
    actions = (
      <>
        {connected && !isDefault ? (
          <Button variant="secondary" size="sm" onClick={onMakeDefault} disabled={busy}>
            Make default
          </Button>
        ) : null}
        {!builtIn && connected ? (
          <Button variant="ghost" size="sm" onClick={onDisconnect} disabled={busy}>
            Disconnect
          </Button>
        ) : null}
        {!builtIn && !connected ? (
          <Button size="sm" onClick={onConnect} disabled={busy}>
            Connect
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <IntegrationCard
      name={name}
      testId={`storage-${provider}`}
      icon={icon}
      description={description}
      badges={
        <div className="flex flex-wrap items-center gap-2">
          <ConnectionBadge
            status={builtIn ? 'built-in' : connected ? 'connected' : 'not-connected'}
          />
          {isDefault ? (
            <Badge tone="accent" data-testid="default-badge">
              <Star aria-hidden />
              Default
            </Badge>
          ) : null}
        </div>
      }
      rows={rows}
      actions={actions}
    />
  );
}
