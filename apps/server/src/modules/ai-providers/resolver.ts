import { AI_CONFIG_FOR_KIND, AI_MESSAGES } from '@parley/contracts';
import { LOCAL_MODEL, providerForModel, type LlmProvider } from '@parley/ai';
import { badRequest } from '../../platform/errors.js';
import { providerConfig, type ProviderFactory } from './credentials.js';
import type { AiConfigsService } from './service.js';

export interface ResolvedModel {
  provider: LlmProvider;
  /** The model name to send, after defaults are applied. */
  model: string;
}

/**
 * How every server module reaches a language model: the organisation's connected provider
 * for the model (spec 2 §8 picks it from the name), with its decrypted key. `model` omitted
 * means the organisation's default from its Zai settings; an organisation that connected
 * nothing gets the built-in `parley-local` engine. A model whose provider is not connected
 * is refused with a 400 that names the provider to connect.
 */
export interface AiProviderResolver {
  providerFor(organizationId: string, model?: string): Promise<ResolvedModel>;
}

export interface AiProviderResolverDeps {
  configs: Pick<AiConfigsService, 'credentialsFor'>;
  /** The organisation's Zai default model, null when it chose none. */
  defaultModel(organizationId: string): Promise<string | null>;
  createProvider: ProviderFactory;
}

/**
 * The rules of spec 2 §8 over the organisation's configurations: the model's name picks the
 * provider; a name no provider claims goes to the organisation's OpenAI-compatible server
 * (its Chat Gpt configuration with a base URL); no model means the Zai default, else
 * parley-local.
 */
export function createAiProviderResolver(deps: AiProviderResolverDeps): AiProviderResolver {
  let local: LlmProvider | null = null;
  return {
    async providerFor(organizationId, requested) {
      const model = requested?.trim() || (await deps.defaultModel(organizationId)) || LOCAL_MODEL;
      const kind = providerForModel(model);
      if (kind === 'local') {
        local ??= deps.createProvider({ kind: 'local' });
        return { provider: local, model: LOCAL_MODEL };
      }
      const configProvider = AI_CONFIG_FOR_KIND[kind ?? 'openai'];
      const credentials = await deps.configs.credentialsFor(organizationId, configProvider);
      if (kind === null && !credentials?.baseUrl) throw badRequest(AI_MESSAGES.noServerFor(model));
      if (!credentials) throw badRequest(AI_MESSAGES.connectFor(configProvider, model));
      return {
        provider: deps.createProvider(providerConfig(configProvider, credentials)),
        model,
      };
    },
  };
}
