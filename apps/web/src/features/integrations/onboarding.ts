import {
  AI_CONFIG_PROVIDERS,
  AI_PROVIDER_NAMES,
  CRM_NAMES,
  CRM_PROVIDERS,
  type AiConfiguration,
  type CrmStatus,
  type IntegrationConfiguration,
} from '@parley/contracts';
import { CLOUD_NAMES, connectedClouds } from './model';

export type ConnectionKind = 'storage' | 'ai' | 'crm';

export interface ConnectionItem {
  kind: ConnectionKind;
  title: string;
  /** What can be connected and what it is for. */
  description: string;
  /** Where it is connected. */
  to: string;
  /** 'Amazon S3 connected', 'Not connected'; null when the role may not read it. */
  status: { text: string; connected: boolean } | null;
}

/** What the caller's role may read, and what it read (undefined while loading or not allowed). */
export interface ConnectionFacts {
  storage?: readonly IntegrationConfiguration[];
  ai?: readonly AiConfiguration[];
  crm?: readonly CrmStatus[];
}

const list = (names: readonly string[]) =>
  names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

const statusOf = (connected: readonly string[] | undefined): ConnectionItem['status'] =>
  connected === undefined
    ? null
    : connected.length
      ? { text: `${list(connected)} connected`, connected: true }
      : { text: 'Not connected', connected: false };

/** The connections an organization can make today, each with where it is made. */
export function connectionItems(facts: ConnectionFacts): ConnectionItem[] {
  return [
    {
      kind: 'storage',
      title: 'Cloud storage',
      description: `${CLOUD_NAMES.aws} (or an S3-compatible server) and ${CLOUD_NAMES.azure}, to keep recordings in your own store. Until then Parley keeps them.`,
      to: '/app-integrations',
      status: statusOf(facts.storage && connectedClouds(facts.storage).map((p) => CLOUD_NAMES[p])),
    },
    {
      kind: 'ai',
      title: 'AI providers',
      description: `${list(AI_CONFIG_PROVIDERS.map((p) => AI_PROVIDER_NAMES[p]))}, for Zai and the prompt workbench. Until then the built-in engine answers.`,
      to: '/configuration/ai-providers',
      status: statusOf(
        facts.ai?.filter((c) => c.status === 'connected').map((c) => AI_PROVIDER_NAMES[c.provider]),
      ),
    },
    {
      kind: 'crm',
      title: 'CRM',
      description: `${list(CRM_PROVIDERS.map((p) => CRM_NAMES[p]))}: accounts, deals and contacts come in, and each analyzed call goes back to its deal.`,
      to: '/app-integrations#crm',
      status:
        facts.crm && !facts.crm.some((s) => s.configured)
          ? { text: 'Not set up on this server yet', connected: false }
          : statusOf(facts.crm?.filter((s) => s.connected).map((s) => CRM_NAMES[s.provider])),
    },
  ];
}
