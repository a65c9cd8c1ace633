import { z } from 'zod';
import {
  AI_CONFIG_KIND,
  AI_CONFIG_PROVIDERS,
  AI_PROVIDER_NAMES,
  aiProviderKindSchema,
  type AiConfigProvider,
  type AiProviderKind,
  type AvailableModel,
  type ModelRow,
  type ZaiSettings,
  unknownModelMessage,
} from '@parley/contracts';
import { DEFAULT_CONTEXT_TOKENS, LOCAL_MODEL, MODEL_CATALOG, providerForModel } from '@parley/ai';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { AiModelRow, AiProvidersRepo, ModelValues } from './repo.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';

/** The catalogue of packages/ai as rows of the models table (parley-local included). */
export const CATALOGUE_MODELS: ModelValues[] = MODEL_CATALOG.map((m) => ({
  name: m.name,
  label: m.label,
  provider: m.provider,
  contextTokens: m.contextTokens,
  inputPricePerMTok: m.inputUsdPerMTok,
  outputPricePerMTok: m.outputUsdPerMTok,
  status: 'active',
}));

const providerLabel = (kind: AiProviderKind) =>
  kind === 'local'
    ? 'built-in'
    : AI_PROVIDER_NAMES[
        AI_CONFIG_PROVIDERS.find((p) => AI_CONFIG_KIND[p] === kind) as AiConfigProvider
      ];

const kindOf = (row: AiModelRow): AiProviderKind =>
  aiProviderKindSchema.safeParse(row.provider).data ?? 'openai';

function modelView(row: AiModelRow, connected: ReadonlySet<AiProviderKind>): ModelRow {
  const provider = kindOf(row);
  return {
    id: row.id,
    name: row.name,
    label: row.label,
    provider,
    contextTokens: row.contextTokens,
    inputPricePerMTok: row.inputPricePerMTok,
    outputPricePerMTok: row.outputPricePerMTok,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    organizationStatus: connected.has(provider) ? 'connected' : 'not connected',
    count: row.count,
  };
}

const isUuid = (id: string) => z.uuid().safeParse(id).success;

/** Spec 3 §7 Models and Zai settings, and the model pickers' list. */
export function createModelsService({ repo }: { repo: AiProvidersRepo }) {
  async function connectedKinds(organizationId: string) {
    const rows = await repo.listConfigs(organizationId, AI_CONFIG_PROVIDERS);
    const kinds = new Set<AiProviderKind>(['local']);
    for (const r of rows) {
      if (r.status === 'connected') kinds.add(AI_CONFIG_KIND[r.provider as AiConfigProvider]);
    }
    return { kinds, rows };
  }

  /** The organisation in the path must be the caller's own (a super admin may read any). */
  function ownOrganisation(caller: Caller, id: string) {
    if (id !== caller.organizationId && !crossesOrganisations(caller)) {
      throw notFound();
    }
    if (!isUuid(id)) throw notFound();
  }

  async function zaiSettings(organizationId: string): Promise<ZaiSettings> {
    const row = await repo.zaiSettings(organizationId);
    return {
      organizationId,
      defaultModel: row?.defaultModel ?? null,
      insightsModel: row?.insightsModel ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
  }

  async function availableTo(organizationId: string): Promise<AvailableModel[]> {
    const [{ rows: models }, { kinds, rows: configs }, settings] = await Promise.all([
      repo.models(),
      connectedKinds(organizationId),
      zaiSettings(organizationId),
    ]);
    const defaultModel = settings.defaultModel ?? LOCAL_MODEL;
    const data: AvailableModel[] = models
      .filter((m) => m.status === 'active')
      .map((m) => {
        const provider = kindOf(m);
        return {
          model: m.name,
          provider,
          label: `${m.label} (${providerLabel(provider)})`,
          connected: kinds.has(provider),
          isDefault: m.name === defaultModel,
        };
      });
    const known = new Set(data.map((d) => d.model));
    const server = configs.find((c) => c.provider === 'chatgpt' && c.settings.baseUrl);
    const served = [
      ...(server?.settings.defaultModel ? [server.settings.defaultModel] : []),
      ...(server?.settings.models?.split('\n') ?? []),
    ];
    for (const model of served) {
      if (known.has(model)) continue;
      known.add(model);
      data.push({
        model,
        provider: 'openai',
        label: `${model} (${server?.settings.baseUrl ?? ''})`,
        connected: true,
        isDefault: model === defaultModel,
      });
    }
    return data;
  }

  /**
   * Zai settings name models the organisation can pick: an active catalogue model or one its
   * OpenAI-compatible server lists (the same list as the model pickers). Anything else was stored
   * as given and failed later, at the first prompt.
   */
  async function requireKnownModels(organizationId: string, names: (string | null | undefined)[]) {
    const wanted = names.filter((n): n is string => typeof n === 'string');
    if (!wanted.length) return;
    const known = new Set((await availableTo(organizationId)).map((m) => m.model));
    const unknown = wanted.find((n) => !known.has(n));
    if (unknown !== undefined) throw badRequest(unknownModelMessage(unknown));
  }

  return {
    seed: (entries: ModelValues[]) => repo.seedModels(entries),

    async list(caller: Caller): Promise<ModelRow[]> {
      const [{ rows }, { kinds }] = await Promise.all([
        repo.models(),
        connectedKinds(caller.organizationId),
      ]);
      return rows.map((r) => modelView(r, kinds));
    },

    async page(caller: Caller, q: { page: number; size: number; search?: string }) {
      const [{ rows, count }, { kinds }] = await Promise.all([
        repo.models({ offset: q.page * q.size, limit: q.size, search: q.search }),
        connectedKinds(caller.organizationId),
      ]);
      return { data: rows.map((r) => modelView(r, kinds)), count };
    },

    async create(caller: Caller, body: Partial<ModelValues> & { name: string }) {
      const row = await repo.insertModel({
        name: body.name,
        label: body.label ?? body.name,
        provider: body.provider ?? providerForModel(body.name) ?? 'openai',
        contextTokens: body.contextTokens ?? null,
        inputPricePerMTok: body.inputPricePerMTok ?? null,
        outputPricePerMTok: body.outputPricePerMTok ?? null,
        status: body.status ?? 'active',
      });
      if (!row) throw conflict(`The model '${body.name}' is already in the catalog`);
      return modelView(row, (await connectedKinds(caller.organizationId)).kinds);
    },

    async update(caller: Caller, id: string, patch: Partial<ModelValues>) {
      const row = isUuid(id) ? await repo.updateModel(id, patch) : null;
      if (!row) throw notFound('Model not found');
      return modelView(row, (await connectedKinds(caller.organizationId)).kinds);
    },

    async remove(caller: Caller, id: string) {
      if (!isUuid(id) || !(await repo.removeModel(id))) throw notFound('Model not found');
      return { message: 'Model deleted' };
    },

    countUse: (model: string) => repo.countUse(model),

    /** The catalogue's context window; models it does not know (own servers) get a safe default. */
    async contextTokens(model: string): Promise<number> {
      return (await repo.modelByName(model))?.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
    },

    /** Active catalogue models, plus the models an OpenAI-compatible server listed. */
    available: async (caller: Caller) => ({ data: await availableTo(caller.organizationId) }),

    async getZaiSettings(caller: Caller, id: string) {
      ownOrganisation(caller, id);
      return zaiSettings(id);
    },

    async patchZaiSettings(
      caller: Caller,
      id: string,
      patch: { defaultModel?: string | null; insightsModel?: string | null },
    ) {
      ownOrganisation(caller, id);
      await requireKnownModels(id, [patch.defaultModel, patch.insightsModel]);
      await repo.saveZaiSettings(id, patch);
      return zaiSettings(id);
    },

    /** The organisation's default model, for the resolver. */
    defaultModel: async (organizationId: string) =>
      (await repo.zaiSettings(organizationId))?.defaultModel ?? null,
  };
}
export type ModelsService = ReturnType<typeof createModelsService>;
