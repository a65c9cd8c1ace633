import { createLocalEngine, LOCAL_MODEL, providerForModel } from '@parley/ai';
import { badRequest } from '../../platform/errors.js';
import type { AiProviderResolver } from './resolver.js';

/**
 * Every organisation gets the built-in engine: what an installation without any connected
 * provider runs on, and the resolver tests use. Asking it for another model is refused.
 */
export function localEngineResolver(): AiProviderResolver {
  const engine = createLocalEngine();
  return {
    async providerFor(_organizationId, model) {
      if (model && providerForModel(model) !== 'local') {
        throw badRequest(`The model ${model} is not available: no AI provider is connected for it`);
      }
      return { provider: engine, model: LOCAL_MODEL };
    },
  };
}
