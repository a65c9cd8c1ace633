import { createAnthropicProvider } from './anthropic.js';
import { createGeminiProvider } from './gemini.js';
import { createLocalEngine } from './local/engine.js';
import { createOpenAiProvider } from './openai.js';
import type { LlmProvider, ProviderConfig } from './types.js';

/** The provider for an organisation's connection (its key decrypted by the caller). */
export function createProvider(config: ProviderConfig): LlmProvider {
  switch (config.kind) {
    case 'openai':
      return createOpenAiProvider(config);
    case 'anthropic':
      return createAnthropicProvider(config);
    case 'gemini':
      return createGeminiProvider(config);
    case 'local':
      return createLocalEngine();
  }
}
