import { LOCAL_MODEL } from '@parley/ai';
import { AppError } from '../../platform/errors.js';
import type { AiProviderResolver } from '../ai-providers/resolver.js';

/**
 * Until the organisation resolver (modules/ai-providers) is wired in: every organisation gets
 * the built-in engine. Replaced at merge by the real resolver.
 */
export const builtInAiOnly: AiProviderResolver = {
  async providerFor() {
    throw new AppError(503, `The built-in engine ${LOCAL_MODEL} is not available in this build`);
  },
};
