import { createAnthropicProvider } from './anthropic.js';
import { createGeminiProvider } from './gemini.js';
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
      // The lead wires the built-in engine here at merge: createLocalEngine from './local/engine.js'.
      throw new Error("createProvider: the 'local' engine is not wired in this build (packages/ai/src/local).");
  }
}
