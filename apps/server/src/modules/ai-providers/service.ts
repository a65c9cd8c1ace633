import {
  AI_CONFIG_KIND,
  AI_CONFIG_PROVIDERS,
  AI_MESSAGES as M,
  AI_PROVIDER_NAMES,
  type AiConfigBody,
  type AiConfigPatchBody,
  type AiConfigProvider,
  type AiConfiguration,
  type TestConnectionResult,
  UNREACHABLE_ENDPOINT_MESSAGE,
} from '@parley/contracts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secrets.js';
import {
  credentialsFromBody,
  describeFailure,
  openCredentials,
  patchCredentials,
  providerConfig,
  sealCredentials,
  type AiCredentials,
  type ProviderFactory,
} from './credentials.js';
import type { AiConfigRow, AiProvidersRepo } from './repo.js';
import type { Caller } from '../../platform/http/caller.js';

export interface AiConfigsDeps {
  repo: AiProvidersRepo;
  secrets: SecretBox;
  createProvider: ProviderFactory;
}

function view(row: AiConfigRow, provider: AiConfigProvider): AiConfiguration {
  return {
    id: row.id,
    provider,
    kind: AI_CONFIG_KIND[provider],
    providerName: AI_PROVIDER_NAMES[provider],
    status: row.status === 'connected' ? 'connected' : 'disconnected',
    keyHint: row.settings.keyHint ?? '',
    baseUrl: row.settings.baseUrl ?? null,
    defaultModel: row.settings.defaultModel ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The organisation's AI provider configurations (spec 3 §7 chatgpt, claude-ai, gemini). A key
 * is tested against the provider before it is saved, sealed with SecretBox bound to the
 * organisation and provider, and only its last four characters are ever shown.
 */
export function createAiConfigsService({ repo, secrets, createProvider }: AiConfigsDeps) {
  /** Calls the provider; the models it lists are kept for OpenAI-compatible servers. */
  async function check(
    provider: AiConfigProvider,
    c: AiCredentials,
  ): Promise<TestConnectionResult> {
    try {
      // No retries: someone is waiting, and an address that did not answer gets the same
      // answer a few seconds later (and blocked addresses would only be refused again).
      const config = { ...providerConfig(provider, c), maxRetries: 0 };
      const result = await createProvider(config).testConnection();
      // Refused, unknown, timed out or an internal address: one message (issue 21).
      const message = result.unreachable ? UNREACHABLE_ENDPOINT_MESSAGE : result.message;
      return { ok: result.ok, message, models: result.models };
    } catch (err) {
      return { ok: false, message: describeFailure(provider, err), models: [] };
    }
  }

  async function mustConnect(provider: AiConfigProvider, c: AiCredentials): Promise<AiCredentials> {
    const result = await check(provider, c);
    if (!result.ok) throw badRequest(result.message);
    return c.baseUrl ? { ...c, models: result.models.slice(0, 200) } : c;
  }

  async function opened(caller: Caller, provider: AiConfigProvider) {
    const row = await repo.getConfig(caller.organizationId, provider);
    if (!row) throw notFound(M.notFound(provider));
    try {
      return { row, credentials: openCredentials(secrets, row, provider) };
    } catch {
      throw new AppError(409, M.unreadable(provider));
    }
  }

  return {
    /** Any member sees which providers are connected, with key hints only. */
    async list(caller: Caller): Promise<AiConfiguration[]> {
      const rows = await repo.listConfigs(caller.organizationId, AI_CONFIG_PROVIDERS);
      return rows.map((r) => view(r, r.provider as AiConfigProvider));
    },

    async create(caller: Caller, provider: AiConfigProvider, body: AiConfigBody) {
      if (await repo.getConfig(caller.organizationId, provider)) {
        throw conflict(M.exists(provider));
      }
      const credentials = await mustConnect(provider, credentialsFromBody(body));
      const row = await repo.insertConfig(
        caller.organizationId,
        provider,
        sealCredentials(secrets, caller.organizationId, provider, credentials),
      );
      if (!row) throw conflict(M.exists(provider));
      return view(row, provider);
    },

    async update(caller: Caller, provider: AiConfigProvider, patch: AiConfigPatchBody) {
      const { credentials } = await opened(caller, provider);
      const next = await mustConnect(provider, patchCredentials(credentials, patch));
      const row = await repo.updateConfig(
        caller.organizationId,
        provider,
        sealCredentials(secrets, caller.organizationId, provider, next),
      );
      if (!row) throw notFound(M.notFound(provider));
      return view(row, provider);
    },

    async remove(caller: Caller, provider: AiConfigProvider) {
      if (!(await repo.removeConfig(caller.organizationId, provider))) {
        throw notFound(M.notFound(provider));
      }
      return { message: M.deleted(provider) };
    },

    /** With apiKey: the key about to be saved; without: the saved configuration. */
    async testConnection(
      caller: Caller,
      body: { provider: AiConfigProvider; apiKey?: string; baseUrl?: string },
    ): Promise<TestConnectionResult> {
      const credentials = body.apiKey
        ? { apiKey: body.apiKey, ...(body.baseUrl ? { baseUrl: body.baseUrl } : {}) }
        : (await opened(caller, body.provider)).credentials;
      return check(body.provider, credentials);
    },

    /** The opened configuration of a provider, or null when the organisation has none. */
    async credentialsFor(
      organizationId: string,
      provider: AiConfigProvider,
    ): Promise<AiCredentials | null> {
      const row = await repo.getConfig(organizationId, provider);
      if (!row || row.status !== 'connected') return null;
      try {
        return openCredentials(secrets, row, provider);
      } catch {
        throw new AppError(409, M.unreadable(provider));
      }
    },
  };
}
export type AiConfigsService = ReturnType<typeof createAiConfigsService>;
