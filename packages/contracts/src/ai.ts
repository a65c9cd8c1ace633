import { z } from 'zod';
import { defineRoute } from './route.js';

/** The providers an organisation can connect (spec 3 §7), plus the built-in engine. */
export const AI_PROVIDER_KINDS = ['openai', 'anthropic', 'gemini', 'local'] as const;
export const aiProviderKindSchema = z.enum(AI_PROVIDER_KINDS);
export type AiProviderKind = z.infer<typeof aiProviderKindSchema>;

export const availableModelSchema = z.object({
  model: z.string(),
  provider: aiProviderKindSchema,
  /** Shown in pickers, e.g. 'GPT-4o mini (Chat Gpt)'. */
  label: z.string(),
  /** True when the organisation has connected this provider (always true for parley-local). */
  connected: z.boolean(),
  /** The organisation's default model for Zai. */
  isDefault: z.boolean(),
});
export type AvailableModel = z.infer<typeof availableModelSchema>;

/** Models a member may pick in the workbench and the assistant. */
export const availableModelsRoute = defineRoute({
  method: 'GET',
  path: '/ai/models/available',
  summary: 'Models the organisation can use, with its default',
  tags: ['AI providers'],
  auth: true,
  permission: 'zai.use',
  response: z.object({ data: z.array(availableModelSchema) }),
});

/**
 * The organisation's AI provider configurations (spec 3 §7 'chatgpt', 'claude-ai', 'gemini'),
 * stored beside the storage integrations. The key is sealed at rest and never sent back.
 */
export const AI_CONFIG_PROVIDERS = ['chatgpt', 'claude-ai', 'gemini'] as const;
export const aiConfigProviderSchema = z.enum(AI_CONFIG_PROVIDERS);
export type AiConfigProvider = z.infer<typeof aiConfigProviderSchema>;
export type RemoteAiKind = Exclude<AiProviderKind, 'local'>;

export const AI_CONFIG_KIND: Record<AiConfigProvider, RemoteAiKind> = {
  chatgpt: 'openai',
  'claude-ai': 'anthropic',
  gemini: 'gemini',
};
export const AI_CONFIG_FOR_KIND: Record<RemoteAiKind, AiConfigProvider> = {
  openai: 'chatgpt',
  anthropic: 'claude-ai',
  gemini: 'gemini',
};
/** Names shown on the cards and in messages (the spec's key-expired names). */
export const AI_PROVIDER_NAMES: Record<AiConfigProvider, string> = {
  chatgpt: 'Chat Gpt',
  'claude-ai': 'ClaudeAI',
  gemini: 'Gemini',
};

export const AI_MESSAGES = {
  exists: (p: AiConfigProvider) =>
    `${AI_PROVIDER_NAMES[p]} is already connected; update or delete its configuration instead`,
  notFound: (p: AiConfigProvider) => `${AI_PROVIDER_NAMES[p]} is not connected`,
  deleted: (p: AiConfigProvider) => `${AI_PROVIDER_NAMES[p]} configuration deleted`,
  unreachable: (p: AiConfigProvider, reason: string) =>
    `Could not reach ${AI_PROVIDER_NAMES[p]}: ${reason}`,
  connectFor: (p: AiConfigProvider, model: string) =>
    `${AI_PROVIDER_NAMES[p]} is not connected: connect it under App integrations to use ${model}`,
  noServerFor: (model: string) =>
    `No provider serves the model '${model}': connect an OpenAI-compatible server (Chat Gpt with a base URL) to use it`,
  unreadable: (p: AiConfigProvider) =>
    `The saved ${AI_PROVIDER_NAMES[p]} key can no longer be read; please connect it again`,
  gettingResults: 'Error getting results',
  noStream: 'ReadableStream not supported in this environment.',
} as const;

const baseUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/\S+$/i, 'The base URL must be an http(s) URL')
  .max(500);

export const aiConfigBody = z.object({
  apiKey: z.string().trim().min(1, 'Please enter the API key').max(1000),
  /** OpenAI-compatible servers (Ollama, vLLM, llama.cpp); omitted for the provider itself. */
  baseUrl: baseUrl.optional(),
  defaultModel: z.string().trim().min(1).max(200).optional(),
});
export type AiConfigBody = z.infer<typeof aiConfigBody>;
/** Fields left out keep their saved values; baseUrl or defaultModel null removes them. */
export const aiConfigPatchBody = z.object({
  apiKey: aiConfigBody.shape.apiKey.optional(),
  baseUrl: baseUrl.nullable().optional(),
  defaultModel: z.string().trim().min(1).max(200).nullable().optional(),
});
export type AiConfigPatchBody = z.infer<typeof aiConfigPatchBody>;

export const aiConfigurationSchema = z.object({
  id: z.string(),
  provider: aiConfigProviderSchema,
  kind: aiProviderKindSchema,
  providerName: z.string(),
  status: z.enum(['connected', 'disconnected']),
  /** '…abcd': enough to tell keys apart. */
  keyHint: z.string(),
  baseUrl: z.string().nullable(),
  defaultModel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiConfiguration = z.infer<typeof aiConfigurationSchema>;

/** Test a saved configuration, or (with apiKey) the one about to be saved. */
export const testConnectionBody = z.object({
  provider: aiConfigProviderSchema,
  apiKey: aiConfigBody.shape.apiKey.optional(),
  baseUrl: baseUrl.optional(),
});
export const testConnectionResponse = z.object({
  ok: z.boolean(),
  message: z.string(),
  models: z.array(z.string()),
});
export type TestConnectionResult = z.infer<typeof testConnectionResponse>;

/** Spec 3 §7 Zai settings: the organisation's default model for Zai and the insights step. */
export const zaiSettingsSchema = z.object({
  organizationId: z.string(),
  defaultModel: z.string().nullable(),
  insightsModel: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ZaiSettings = z.infer<typeof zaiSettingsSchema>;
/** PATCH zai-settings with a model the organisation cannot pick (not in GET ai/models/available). */
export const unknownModelMessage = (model: string) =>
  `Unknown model '${model}': choose one from the models list`;
export const zaiSettingsPatchBody = z.object({
  defaultModel: z.string().trim().min(1).max(200).nullable().optional(),
  insightsModel: z.string().trim().min(1).max(200).nullable().optional(),
});

/** Spec 3 §7 Models: the catalogue with its use count and whether the organisation can use it. */
export const modelRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  label: z.string(),
  provider: aiProviderKindSchema,
  contextTokens: z.number().int().nullable(),
  /** US dollars per million tokens; null when unknown (servers of your own). */
  inputPricePerMTok: z.number().nullable(),
  outputPricePerMTok: z.number().nullable(),
  status: z.enum(['active', 'inactive']),
  /** 'connected' when the caller's organisation has the provider (always for parley-local). */
  organizationStatus: z.enum(['connected', 'not connected']),
  /** Prompt runs with this model. */
  count: z.number().int(),
});
export type ModelRow = z.infer<typeof modelRowSchema>;
export const modelBody = z.object({
  name: z.string().trim().min(1, 'Please enter the model name').max(200),
  label: z.string().trim().min(1).max(200).optional(),
  provider: aiProviderKindSchema.optional(),
  // Bounded by their columns: a 32-bit integer, and a 4-byte float (prices in dollars).
  contextTokens: z
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .nullable()
    .optional(),
  inputPricePerMTok: z.number().nonnegative().max(1_000_000).nullable().optional(),
  outputPricePerMTok: z.number().nonnegative().max(1_000_000).nullable().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export const modelPatchBody = modelBody.partial();
export const modelPageQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  search: z.string().trim().max(200).optional(),
});

/** The built-in engine's model name (the same as @parley/ai's LOCAL_MODEL), for the web app. */
export const BUILT_IN_MODEL = 'parley-local';
