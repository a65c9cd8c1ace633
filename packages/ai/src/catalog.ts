import { LOCAL_MODEL } from './models.js';
import type { ProviderKind, TokenUsage } from './types.js';

export interface ModelInfo {
  /** The name sent to the provider; dated versions (gpt-4o-2024-08-06) match by prefix. */
  name: string;
  provider: ProviderKind;
  /** Shown in pickers and the models table. */
  label: string;
  contextTokens: number;
  maxOutputTokens: number;
  /** US dollars per million tokens. */
  inputUsdPerMTok: number;
  outputUsdPerMTok: number;
}

/** For a model we know nothing about: small enough that prompts fit every model in use. */
export const DEFAULT_CONTEXT_TOKENS = 8192;

/**
 * The models Parley knows, with the providers' list prices (standard tier, prompts under the
 * long-context threshold) as published in 2025. Only names spec 2 §8 assigns to a provider are
 * here, so `provider` always agrees with providerForModel. Gemma on the Gemini API is free of
 * charge. parley-local runs in-process: price 0, and a 32k context, which is what the built-in
 * engine's chunking is given to work with (it reads the transcript, not a tokenised prompt).
 */
export const MODEL_CATALOG: readonly ModelInfo[] = [
  m('gpt-3.5-turbo', 'openai', 'GPT-3.5 Turbo', 16_385, 4_096, 0.5, 1.5),
  m('gpt-4o', 'openai', 'GPT-4o', 128_000, 16_384, 2.5, 10),
  m('gpt-4o-mini', 'openai', 'GPT-4o mini', 128_000, 16_384, 0.15, 0.6),
  m('gpt-4.1', 'openai', 'GPT-4.1', 1_047_576, 32_768, 2, 8),
  m('gpt-4.1-mini', 'openai', 'GPT-4.1 mini', 1_047_576, 32_768, 0.4, 1.6),
  m('gpt-4.1-nano', 'openai', 'GPT-4.1 nano', 1_047_576, 32_768, 0.1, 0.4),
  m('claude-3-5-sonnet', 'anthropic', 'Claude 3.5 Sonnet', 200_000, 8_192, 3, 15),
  m('claude-3-5-haiku', 'anthropic', 'Claude 3.5 Haiku', 200_000, 8_192, 0.8, 4),
  m('claude-3-7-sonnet', 'anthropic', 'Claude 3.7 Sonnet', 200_000, 64_000, 3, 15),
  m('claude-sonnet-4', 'anthropic', 'Claude Sonnet 4', 200_000, 64_000, 3, 15),
  m('claude-sonnet-4-5', 'anthropic', 'Claude Sonnet 4.5', 200_000, 64_000, 3, 15),
  m('claude-haiku-4-5', 'anthropic', 'Claude Haiku 4.5', 200_000, 64_000, 1, 5),
  m('claude-opus-4', 'anthropic', 'Claude Opus 4', 200_000, 32_000, 15, 75),
  m('gemini-1.5-flash', 'gemini', 'Gemini 1.5 Flash', 1_048_576, 8_192, 0.075, 0.3),
  m('gemini-1.5-pro', 'gemini', 'Gemini 1.5 Pro', 2_097_152, 8_192, 1.25, 5),
  m('gemma-2b-it', 'gemini', 'Gemma 2B (instruction-tuned)', 8_192, 8_192, 0, 0),
  m('gemma-7b-it', 'gemini', 'Gemma 7B (instruction-tuned)', 8_192, 8_192, 0, 0),
  m(LOCAL_MODEL, 'local', 'Parley built-in engine', 32_768, 4_096, 0, 0),
];

function m(
  name: string,
  provider: ProviderKind,
  label: string,
  contextTokens: number,
  maxOutputTokens: number,
  inputUsdPerMTok: number,
  outputUsdPerMTok: number,
): ModelInfo {
  return {
    name,
    provider,
    label,
    contextTokens,
    maxOutputTokens,
    inputUsdPerMTok,
    outputUsdPerMTok,
  };
}

/**
 * The catalogue entry for a model name as callers or providers spell it: 'models/' prefixes
 * dropped, and the longest catalogue name it starts with, followed by a '-', '@' or ':'
 * (gpt-4o-mini-2024-07-18 is GPT-4o mini, not GPT-4o; claude-3-5-sonnet-latest is 3.5 Sonnet).
 */
export function modelInfo(model: string): ModelInfo | undefined {
  const name = model
    .trim()
    .toLowerCase()
    .replace(/^models\//, '');
  let best: ModelInfo | undefined;
  for (const entry of MODEL_CATALOG) {
    const matches =
      name === entry.name ||
      (name.startsWith(entry.name) && /^[-@:]/.test(name.slice(entry.name.length)));
    if (matches && (!best || entry.name.length > best.name.length)) best = entry;
  }
  return best;
}

/** US dollars for one call, or null when the model's price is unknown. */
export function costOf(model: string, usage: TokenUsage): number | null {
  const info = modelInfo(model);
  if (!info) return null;
  const dollars =
    (usage.inputTokens * info.inputUsdPerMTok + usage.outputTokens * info.outputUsdPerMTok) / 1e6;
  // 12 significant digits drop float noise such as 1.4999999999e-5 without losing small calls.
  return Number(dollars.toPrecision(12));
}

/** The model's context window, or DEFAULT_CONTEXT_TOKENS for a model we do not know. */
export function contextTokensOf(model: string): number {
  return modelInfo(model)?.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
}
