import type { ProviderKind } from './types.js';

/** The built-in engine's model name: no key, no network. */
export const LOCAL_MODEL = 'parley-local';

/** Default model of the workbench and the streaming prompt (spec 3 §9). */
export const DEFAULT_MODEL = 'gpt-3.5-turbo';

const GEMINI_MODELS = ['gemini-1.5-flash', 'gemini-1.5-pro', 'gemma-2b-it', 'gemma-7b-it'];

/**
 * The provider a model name belongs to, exactly as spec 2 §8: names containing 'gpt' are
 * OpenAI's, names containing 'claude' Anthropic's, and the four listed Gemini/Gemma names
 * Google's. Any other name is null: the caller sends it to the organisation's
 * OpenAI-compatible server when one is configured.
 */
export function providerForModel(model: string): ProviderKind | null {
  const name = model.trim().toLowerCase();
  if (name === LOCAL_MODEL) return 'local';
  if (name.includes('gpt')) return 'openai';
  if (name.includes('claude')) return 'anthropic';
  if (GEMINI_MODELS.some((m) => name.includes(m))) return 'gemini';
  return null;
}

/** Names the spec's messages use for each provider. */
export const PROVIDER_DISPLAY_NAMES: Record<Exclude<ProviderKind, 'local'>, string> = {
  openai: 'Chat Gpt',
  anthropic: 'ClaudeAI',
  gemini: 'Gemini',
};

/** Spec 2 §8: '{provider} Key is expired!'; 'key got expired!' when the provider is unknown. */
export function keyExpiredMessage(provider: ProviderKind | null): string {
  return provider && provider !== 'local'
    ? `${PROVIDER_DISPLAY_NAMES[provider]} Key is expired!`
    : 'key got expired!';
}
