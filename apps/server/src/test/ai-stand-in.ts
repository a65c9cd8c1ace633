import { createProvider } from '@parley/ai';
import type { AiProviderResolver } from '../modules/ai-providers/resolver.js';

/**
 * Every organisation's model calls go to one server speaking the OpenAI protocol (a stand-in
 * from @parley/ai/testing), with the key `apiKey` gives at the time of each call.
 */
export function standInResolver(
  baseUrl: string,
  apiKey: () => string = () => 'test-key',
): AiProviderResolver {
  return {
    async providerFor(_organizationId, model) {
      return {
        provider: createProvider({ kind: 'openai', apiKey: apiKey(), baseUrl, maxRetries: 0 }),
        model: model ?? 'gpt-4o-mini',
      };
    },
  };
}
