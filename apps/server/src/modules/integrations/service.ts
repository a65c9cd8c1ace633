import {
  INTEGRATION_MESSAGES as M,
  INTEGRATIONS,
  UNREACHABLE_ENDPOINT_MESSAGE,
  awsConfigBody,
  azureConfigBody,
  cloudProviderSchema,
  integrationFor,
  storageProviderSchema,
  type AwsConfigBody,
  type AwsConfigPatchBody,
  type AzureConfigBody,
  type AzureConfigPatchBody,
  type CloudProvider,
  type DefaultCloud,
  type IntegrationConfiguration,
  type StorageProvider,
} from '@parley/contracts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import type { EndpointGuard } from '../../platform/net/endpoint-guard.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { CloudStore } from '../../platform/storage/cloud.js';
import type { ObjectStore } from '../../platform/storage/types.js';
import {
  awsFromBody,
  azureFromBody,
  checkConfig,
  joinConfig,
  patchAws,
  patchAzure,
  splitConfig,
  storeFromConfig,
  type CloudConfig,
} from './credentials.js';
import type { IntegrationConfigRow, IntegrationsRepo } from './repo.js';
import type { Caller } from '../../platform/http/caller.js';

export interface IntegrationsDeps {
  repo: IntegrationsRepo;
  secrets: SecretBox;
  /** The organisation-independent local store (files under DATA_DIR/media). */
  localStore: () => ObjectStore;
  /** Every connection to a configured endpoint goes through it (internal addresses refused). */
  endpoints: EndpointGuard;
  /** STORAGE_TIMEOUT_SECONDS in ms: how long a store request may stay silent. */
  storeIdleTimeoutMs?: number;
}

const RETIRE_AFTER_MS = 10 * 60_000;

const notFoundMessage = (p: CloudProvider) => (p === 'aws' ? M.awsNotFound : M.azureNotFound);
/** Network failures already read as the one generic message; other reasons say which store. */
const unreachable = (p: CloudProvider, reason: string) =>
  reason === UNREACHABLE_ENDPOINT_MESSAGE
    ? reason
    : p === 'aws'
      ? M.s3Unreachable(reason)
      : M.azureUnreachable(reason);
/** Binds a sealed secret to its row's tenant and provider (see secrets.ts). */
export const secretContext = (organizationId: string, p: string) => `${organizationId}:${p}`;

export function createIntegrationsService({
  repo,
  secrets,
  localStore,
  endpoints,
  storeIdleTimeoutMs,
}: IntegrationsDeps) {
  /** One client per organisation and cloud, rebuilt when its configuration row changes. */
  const stores = new Map<string, { stamp: string; store: CloudStore }>();
  let local: ObjectStore | null = null;

  /** Stores replaced or dropped from the cache, closed once requests on them are done. */
  const retired = new Set<CloudStore>();
  function retire(store: CloudStore): void {
    retired.add(store);
    // An upload in flight may still hold this store; give it time before closing its sockets.
    setTimeout(() => {
      retired.delete(store);
      store.close();
    }, RETIRE_AFTER_MS).unref();
  }

  function dropStore(organizationId: string, p: CloudProvider): void {
    const key = `${organizationId}:${p}`;
    const cached = stores.get(key);
    if (cached) retire(cached.store);
    stores.delete(key);
  }

  function view(row: IntegrationConfigRow, defaultCloud: string | null): IntegrationConfiguration {
    const provider = cloudProviderSchema.parse(row.provider);
    const integration = integrationFor(provider);
    return {
      id: row.id,
      provider,
      integrationId: integration.id,
      providerName: integration.providerName,
      status: row.status === 'connected' ? 'connected' : 'disconnected',
      settings: row.settings,
      isDefault: defaultCloud === provider,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function viewOf(row: IntegrationConfigRow): Promise<IntegrationConfiguration> {
    return view(row, await repo.defaultCloud(row.organizationId));
  }

  async function existing(caller: Caller, p: CloudProvider): Promise<IntegrationConfigRow> {
    const row = await repo.get(caller.organizationId, p);
    if (!row) throw notFound(notFoundMessage(p));
    return row;
  }

  /** The saved configuration with its secret opened; 409 when APP_SECRET changed since. */
  function opened(row: IntegrationConfigRow, p: CloudProvider): CloudConfig {
    try {
      const secret = secrets.open(row.secretSealed ?? '', secretContext(row.organizationId, p));
      return joinConfig(p, row.settings, secret);
    } catch {
      throw new AppError(409, M.unreadable(p));
    }
  }

  async function mustReach(config: CloudConfig): Promise<void> {
    const reason = await checkConfig(config, endpoints);
    if (reason) throw badRequest(unreachable(config.provider, reason));
  }

  async function create(caller: Caller, config: CloudConfig): Promise<IntegrationConfiguration> {
    const p = config.provider;
    const exists = M[p === 'aws' ? 'awsExists' : 'azureExists'];
    if (await repo.get(caller.organizationId, p)) throw conflict(exists);
    await mustReach(config);
    const { settings, secret } = splitConfig(config);
    const row = await repo.insert({
      organizationId: caller.organizationId,
      provider: p,
      status: 'connected',
      settings,
      secretSealed: secrets.seal(secret, secretContext(caller.organizationId, p)),
    });
    if (!row) throw conflict(exists);
    return viewOf(row);
  }

  async function update(
    caller: Caller,
    p: CloudProvider,
    change: (current: CloudConfig | null) => CloudConfig,
  ): Promise<IntegrationConfiguration> {
    const row = await existing(caller, p);
    let current: CloudConfig | null = null;
    try {
      current = opened(row, p);
    } catch {
      // Unreadable after an APP_SECRET change: a patch with complete credentials still works.
    }
    const config = change(current);
    await mustReach(config);
    const { settings, secret } = splitConfig(config);
    const saved = await repo.update(caller.organizationId, p, {
      status: 'connected',
      settings,
      secretSealed: secrets.seal(secret, secretContext(caller.organizationId, p)),
    });
    if (!saved) throw notFound(notFoundMessage(p));
    dropStore(caller.organizationId, p);
    return viewOf(saved);
  }

  async function remove(caller: Caller, p: CloudProvider): Promise<{ message: string }> {
    if (!(await repo.remove(caller.organizationId, p))) throw notFound(notFoundMessage(p));
    dropStore(caller.organizationId, p);
    return { message: p === 'aws' ? M.awsDeleted : M.azureDeleted };
  }

  /** The cloud stores the organisation has connected (its media may be in any of them). */
  async function connectedClouds(organizationId: string): Promise<CloudProvider[]> {
    const rows = await repo.list(organizationId);
    return rows
      .filter((r) => r.status === 'connected')
      .map((r) => cloudProviderSchema.safeParse(r.provider))
      .flatMap((r) => (r.success ? [r.data] : []));
  }

  async function defaultCloud(organizationId: string): Promise<DefaultCloud> {
    const [current, connected] = await Promise.all([
      repo.defaultCloud(organizationId),
      connectedClouds(organizationId),
    ]);
    const parsed = storageProviderSchema.safeParse(current);
    return { provider: parsed.success ? parsed.data : 'local', available: ['local', ...connected] };
  }

  return {
    /** Every member may see what is connected: settings only, never credentials. */
    async listConfigurations(caller: Caller): Promise<IntegrationConfiguration[]> {
      const [rows, current] = await Promise.all([
        repo.list(caller.organizationId),
        repo.defaultCloud(caller.organizationId),
      ]);
      return rows
        .filter((r) => cloudProviderSchema.safeParse(r.provider).success)
        .map((r) => view(r, current));
    },

    listIntegrations() {
      return {
        data: INTEGRATIONS.map((i) => ({ ...i })),
        map: Object.fromEntries(INTEGRATIONS.map((i) => [i.providerName, i.id])),
      };
    },

    createAws: (caller: Caller, body: AwsConfigBody) =>
      create(caller, { provider: 'aws', options: awsFromBody(body) }),

    updateAws: (caller: Caller, patch: AwsConfigPatchBody) =>
      update(caller, 'aws', (current) => {
        if (current?.provider === 'aws') {
          return { provider: 'aws', options: patchAws(current.options, patch) };
        }
        const full = awsConfigBody.safeParse({ ...patch, endpoint: patch.endpoint ?? undefined });
        if (!full.success) throw new AppError(409, M.unreadable('aws'));
        return { provider: 'aws', options: awsFromBody(full.data) };
      }),

    /** Spec 3 §7: the client confirms the connection after creating it; check it again. */
    async connectAws(caller: Caller): Promise<IntegrationConfiguration> {
      const row = await existing(caller, 'aws');
      await mustReach(opened(row, 'aws'));
      const saved = await repo.update(caller.organizationId, 'aws', { status: 'connected' });
      if (!saved) throw notFound(M.awsNotFound);
      return viewOf(saved);
    },

    deleteAws: (caller: Caller) => remove(caller, 'aws'),

    createAzure: (caller: Caller, body: AzureConfigBody) =>
      create(caller, { provider: 'azure', options: azureFromBody(body) }),

    updateAzure: (caller: Caller, patch: AzureConfigPatchBody) =>
      update(caller, 'azure', (current) => {
        if (current?.provider === 'azure') {
          const options = patchAzure(current.options, patch);
          if (!options) throw badRequest(M.azureCredentials);
          return { provider: 'azure', options };
        }
        const full = azureConfigBody.safeParse({ ...patch, endpoint: patch.endpoint ?? undefined });
        if (!full.success) throw new AppError(409, M.unreadable('azure'));
        return { provider: 'azure', options: azureFromBody(full.data) };
      }),

    deleteAzure: (caller: Caller) => remove(caller, 'azure'),

    getDefaultCloud: (caller: Caller) => defaultCloud(caller.organizationId),

    connectedClouds,

    async setDefaultCloud(caller: Caller, provider: StorageProvider): Promise<DefaultCloud> {
      const ok = await repo.setDefaultCloud(
        caller.organizationId,
        provider === 'local' ? null : provider,
      );
      if (!ok && provider !== 'local') throw badRequest(M.notConnected(provider));
      return defaultCloud(caller.organizationId);
    },

    /**
     * The store an organisation's media goes to: `provider` when given (a meeting already
     * kept somewhere), otherwise the organisation's default cloud, otherwise local files.
     * Throws 404 'AWS Integration not found' / 'Azure Integration not found' when that cloud
     * is not connected.
     */
    async storeFor(organizationId: string, provider?: StorageProvider): Promise<ObjectStore> {
      const chosen =
        provider ??
        storageProviderSchema.safeParse(await repo.defaultCloud(organizationId)).data ??
        'local';
      if (chosen === 'local') return (local ??= localStore());
      const row = await repo.get(organizationId, chosen);
      if (!row || row.status !== 'connected') throw notFound(notFoundMessage(chosen));
      const key = `${organizationId}:${chosen}`;
      const stamp = `${row.id}:${row.updatedAt.getTime()}`;
      const cached = stores.get(key);
      if (cached?.stamp === stamp) return cached.store;
      if (cached) retire(cached.store);
      const store = storeFromConfig(opened(row, chosen), endpoints, storeIdleTimeoutMs);
      stores.set(key, { stamp, store });
      return store;
    },

    /** Releases cached cloud clients (app shutdown). */
    close(): void {
      for (const { store } of stores.values()) store.close();
      for (const store of retired) store.close();
      stores.clear();
      retired.clear();
    },
  };
}
export type IntegrationsService = ReturnType<typeof createIntegrationsService>;
