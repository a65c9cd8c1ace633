import type { CloudProvider, IntegrationConfiguration } from '@parley/contracts';

export const CLOUD_NAMES: Record<CloudProvider | 'local', string> = {
  local: 'Local storage',
  aws: 'Amazon S3',
  azure: 'Azure Blob',
};

export function connectedClouds(
  configs: readonly IntegrationConfiguration[] | undefined,
): CloudProvider[] {
  return (configs ?? []).filter((c) => c.status === 'connected').map((c) => c.provider);
}

/** '…1234' from the server becomes '••••1234'; secrets themselves never reach the browser. */
export function maskedHint(hint: string | undefined): string | null {
  if (!hint) return null;
  return `••••${hint.replace(/^[….•*]+/, '')}`;
}

export interface SettingRow {
  label: string;
  value: string;
}

/** The non-secret settings a card shows, in a fixed order with readable labels. */
export function settingRows(config: Pick<IntegrationConfiguration, 'provider' | 'settings'>) {
  const s = config.settings;
  const rows: (SettingRow | null)[] =
    config.provider === 'aws'
      ? [
          s.bucket ? { label: 'Bucket', value: s.bucket } : null,
          s.region ? { label: 'Region', value: s.region } : null,
          s.endpoint ? { label: 'Endpoint', value: s.endpoint } : null,
          s.endpoint && s.forcePathStyle === 'true'
            ? { label: 'Addressing', value: 'Path style' }
            : null,
          s.accessKeyHint
            ? { label: 'Access key', value: maskedHint(s.accessKeyHint) ?? '' }
            : null,
        ]
      : [
          s.container ? { label: 'Container', value: s.container } : null,
          s.accountName ? { label: 'Account', value: s.accountName } : null,
          s.endpoint ? { label: 'Endpoint', value: s.endpoint } : null,
          s.auth
            ? {
                label: 'Signed in with',
                value: s.auth === 'connectionString' ? 'Connection string' : 'Account key',
              }
            : null,
        ];
  return rows.filter((r): r is SettingRow => r !== null);
}
