import { modelInfo } from './catalog.js';
import type { GenerationSettings } from './types.js';

/**
 * How the workbench settings (spec 3 §3) reach each provider. Values outside a provider's range
 * are clamped rather than refused, and settings a provider has no such knob for are dropped:
 * a prompt tuned for one model still runs on another. topK 0 (the spec's default) means "off".
 *
 * | setting          | OpenAI (and compatible)      | Anthropic                  | Gemini                    |
 * |------------------|------------------------------|----------------------------|---------------------------|
 * | maxOutputTokens  | max_tokens                   | max_tokens (required: 4096 | maxOutputTokens           |
 * |  (all: at most   |                              | or the model's maximum)    |                           |
 * |  the catalogue's |                              |                            |                           |
 * |  model maximum)  |                              |                            |                           |
 * | temperature      | 0..2                         | 0..1                       | 0..2                      |
 * | topP             | 0..1                         | 0..1, only without         | 0..1                      |
 * |                  |                              | temperature (newer Claude  |                           |
 * |                  |                              | models refuse both)        |                           |
 * | topK             | compatible servers only      | integer >= 1               | integer >= 1              |
 * |                  | (api.openai.com refuses it)  |                            |                           |
 * | frequency/       | -2..2                        | dropped (no such setting)  | -2..<2; dropped for Gemma |
 * | presencePenalty  |                              |                            |                           |
 */

export interface OpenAiSampling {
  max_tokens?: number;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
}

export interface AnthropicSampling {
  max_tokens: number;
  temperature?: number;
  top_p?: number;
  top_k?: number;
}

/** Gemini's config takes the workbench settings under the same names. */
export type GeminiSampling = GenerationSettings;

const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;
/** Gemini's penalty range is [-2, 2): 2 itself is refused. */
const GEMINI_PENALTY_MAX = 1.99;

function clamp(value: number | undefined, min: number, max: number): number | undefined {
  return value === undefined || Number.isNaN(value)
    ? undefined
    : Math.min(max, Math.max(min, value));
}

function positiveInt(value: number | undefined): number | undefined {
  return value === undefined || !(value >= 1) ? undefined : Math.floor(value);
}

/** The asked output limit, cut to the model's maximum when the catalogue knows the model. */
function outputLimit(s: GenerationSettings, model: string): number | undefined {
  const asked = positiveInt(s.maxOutputTokens);
  const modelMax = modelInfo(model)?.maxOutputTokens;
  return asked === undefined || modelMax === undefined ? asked : Math.min(asked, modelMax);
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** `compatible`: an OpenAI-compatible server (Ollama, vLLM, llama.cpp) that understands top_k. */
export function openAiSampling(
  s: GenerationSettings,
  model: string,
  compatible: boolean,
): OpenAiSampling {
  return withoutUndefined({
    max_tokens: outputLimit(s, model),
    temperature: clamp(s.temperature, 0, 2),
    top_p: clamp(s.topP, 0, 1),
    top_k: compatible ? positiveInt(s.topK) : undefined,
    frequency_penalty: clamp(s.frequencyPenalty, -2, 2),
    presence_penalty: clamp(s.presencePenalty, -2, 2),
  });
}

export function anthropicSampling(s: GenerationSettings, model: string): AnthropicSampling {
  const modelMax = modelInfo(model)?.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS;
  const temperature = clamp(s.temperature, 0, 1);
  return withoutUndefined({
    max_tokens: outputLimit(s, model) ?? Math.min(ANTHROPIC_DEFAULT_MAX_TOKENS, modelMax),
    temperature,
    top_p: temperature === undefined ? clamp(s.topP, 0, 1) : undefined,
    top_k: positiveInt(s.topK),
  });
}

/** Gemma models on the Gemini API have no penalties (and no system instruction or JSON mode). */
export function isGemma(model: string): boolean {
  return /(^|\/)gemma-/i.test(model.trim());
}

export function geminiSampling(s: GenerationSettings, model: string): GeminiSampling {
  const gemma = isGemma(model);
  return withoutUndefined({
    maxOutputTokens: outputLimit(s, model),
    temperature: clamp(s.temperature, 0, 2),
    topP: clamp(s.topP, 0, 1),
    topK: positiveInt(s.topK),
    frequencyPenalty: gemma ? undefined : clamp(s.frequencyPenalty, -2, GEMINI_PENALTY_MAX),
    presencePenalty: gemma ? undefined : clamp(s.presencePenalty, -2, GEMINI_PENALTY_MAX),
  });
}
