export type * from './types.js';
export * from './models.js';
export { AiError, isAiError, toAiError, type AiErrorKind, type RemoteProviderKind } from './errors.js';
export {
  MODEL_CATALOG,
  DEFAULT_CONTEXT_TOKENS,
  modelInfo,
  costOf,
  contextTokensOf,
  type ModelInfo,
} from './catalog.js';
export { DEFAULT_TIMEOUT_MS, DEFAULT_MAX_RETRIES } from './call-policy.js';
export { openAiSampling, anthropicSampling, geminiSampling } from './settings.js';
export { createOpenAiProvider } from './openai.js';
export { createAnthropicProvider } from './anthropic.js';
export { createGeminiProvider } from './gemini.js';
export { createProvider } from './factory.js';
