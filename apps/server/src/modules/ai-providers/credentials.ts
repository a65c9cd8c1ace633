import { z } from 'zod';
import {
  AI_CONFIG_KIND,
  type AiConfigBody,
  type AiConfigPatchBody,
  type AiConfigProvider,
  UNREACHABLE_ENDPOINT_MESSAGE,
} from '@parley/contracts';
import { keyExpiredMessage, type LlmProvider, type ProviderConfig } from '@parley/ai';
import { isUnreachable } from '../../platform/net/endpoint-guard.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { AiConfigValues, AiConfigRow } from './repo.js';

/** Builds a provider from its configuration: `createProvider` of @parley/ai in the app. */
export type ProviderFactory = (config: ProviderConfig) => LlmProvider;

/** What a configuration holds once opened; the key only ever lives in memory. */
export interface AiCredentials {
  apiKey: string;
  baseUrl?: string;
  defaultModel?: string;
  /** Models the server listed when it was last tested (OpenAI-compatible servers). */
  models?: string[];
}

const sealedSecret = z.object({ apiKey: z.string() });

/** Binds a sealed key to its row's tenant and provider (see platform/secrets.ts). */
const secretContext = (organizationId: string, provider: AiConfigProvider) =>
  `${organizationId}:${provider}`;

export const keyHint = (apiKey: string) => `…${apiKey.slice(-4)}`;

export function sealCredentials(
  secrets: SecretBox,
  organizationId: string,
  provider: AiConfigProvider,
  c: AiCredentials,
): AiConfigValues {
  return {
    settings: {
      keyHint: keyHint(c.apiKey),
      ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
      ...(c.defaultModel ? { defaultModel: c.defaultModel } : {}),
      ...(c.models?.length ? { models: c.models.join('\n') } : {}),
    },
    secretSealed: secrets.seal({ apiKey: c.apiKey }, secretContext(organizationId, provider)),
  };
}

/** Throws SecretOpenError when the row was sealed for another tenant or under another key. */
export function openCredentials(
  secrets: SecretBox,
  row: AiConfigRow,
  provider: AiConfigProvider,
): AiCredentials {
  const { apiKey } = sealedSecret.parse(
    secrets.open(row.secretSealed ?? '', secretContext(row.organizationId, provider)),
  );
  const s = row.settings;
  return {
    apiKey,
    ...(s.baseUrl ? { baseUrl: s.baseUrl } : {}),
    ...(s.defaultModel ? { defaultModel: s.defaultModel } : {}),
    ...(s.models ? { models: s.models.split('\n') } : {}),
  };
}

export const credentialsFromBody = (b: AiConfigBody): AiCredentials => ({
  apiKey: b.apiKey,
  ...(b.baseUrl ? { baseUrl: b.baseUrl } : {}),
  ...(b.defaultModel ? { defaultModel: b.defaultModel } : {}),
});

export function patchCredentials(current: AiCredentials, p: AiConfigPatchBody): AiCredentials {
  const baseUrl = p.baseUrl === undefined ? current.baseUrl : (p.baseUrl ?? undefined);
  const defaultModel =
    p.defaultModel === undefined ? current.defaultModel : (p.defaultModel ?? undefined);
  return {
    apiKey: p.apiKey ?? current.apiKey,
    ...(baseUrl ? { baseUrl } : {}),
    ...(defaultModel ? { defaultModel } : {}),
  };
}

export const providerConfig = (
  provider: AiConfigProvider,
  c: Pick<AiCredentials, 'apiKey' | 'baseUrl'>,
): ProviderConfig => ({
  kind: AI_CONFIG_KIND[provider],
  apiKey: c.apiKey,
  ...(c.baseUrl ? { baseUrl: c.baseUrl } : {}),
});

/** The HTTP status a provider error carries, whichever SDK or adapter threw it. */
export function statusOf(err: unknown): number | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { status?: unknown; statusCode?: unknown; cause?: unknown };
  if (typeof e.status === 'number') return e.status;
  if (typeof e.statusCode === 'number') return e.statusCode;
  return e.cause ? statusOf(e.cause) : null;
}

/** Spec 3 §8: a refused key is '{provider} Key is expired!'; other failures say what happened. */
export function describeFailure(provider: AiConfigProvider, err: unknown): string {
  const status = statusOf(err);
  if (status === 401 || status === 403) return keyExpiredMessage(AI_CONFIG_KIND[provider]);
  if (status === null && isUnreachable(err)) return UNREACHABLE_ENDPOINT_MESSAGE;
  return err instanceof Error ? err.message : String(err);
}
