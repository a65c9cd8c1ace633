import type { ReactNode } from 'react';
import { CircleCheck, CircleDashed, Star, type LucideIcon } from 'lucide-react';
import type { IntegrationConfiguration, StorageProvider } from '@parley/contracts';
import { CLOUD_NAMES, settingRows, type SettingRow } from './model';
import { Badge, Button } from '../../ui';

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
  icon: Icon,
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
    <section
      aria-label={name}
      data-testid={`storage-${provider}`}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-card border border-border bg-surface-2 text-muted">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <h3 className="text-base font-semibold text-fg">{name}</h3>
          <p className="text-sm text-muted">{description}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {builtIn ? (
          <Badge tone="neutral" data-status="built-in">
            <CircleCheck aria-hidden />
            Built in
          </Badge>
        ) : connected ? (
          <Badge tone="success" data-status="connected">
            <CircleCheck aria-hidden />
            Connected
          </Badge>
        ) : (
          <Badge tone="neutral" data-status="not-connected">
            <CircleDashed aria-hidden />
            Not connected
          </Badge>
        )}
        {isDefault ? (
          <Badge tone="accent" data-testid="default-badge">
            <Star aria-hidden />
            Default
          </Badge>
        ) : null}
      </div>
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
      {actions ? <div className="mt-auto flex flex-wrap justify-end gap-2">{actions}</div> : null}
    </section>
  );
}
