import { LOCAL_MODEL, createLocalEngine } from '@parley/ai';
import type { AiProviderResolver } from '../ai-providers/resolver.js';

/**
 * Every organisation gets the built-in engine: the resolver of modules/ai-providers (the
 * organisation's connected providers and default model) replaces this when it is wired in.
 */
export const builtInAiOnly: AiProviderResolver = {
  async providerFor() {
    return { provider: createLocalEngine(), model: LOCAL_MODEL };
  },
};
