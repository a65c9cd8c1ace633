import { describe, expect, it } from 'vitest';
import {
  contextTokensOf,
  costOf,
  DEFAULT_CONTEXT_TOKENS,
  MODEL_CATALOG,
  modelInfo,
} from './catalog.js';
import { providerForModel } from './models.js';

describe('model catalogue', () => {
  it('assigns every model to the provider spec 2 §8 infers from its name', () => {
    for (const entry of MODEL_CATALOG)
      expect(providerForModel(entry.name), entry.name).toBe(entry.provider);
  });

  it('covers the models the workbench offers by default', () => {
    const names = MODEL_CATALOG.map((m) => m.name);
    for (const name of [
      'gpt-3.5-turbo',
      'gpt-4o',
      'gpt-4o-mini',
      'gpt-4.1',
      'gpt-4.1-mini',
      'gemini-1.5-flash',
      'gemini-1.5-pro',
      'gemma-2b-it',
      'gemma-7b-it',
      'claude-3-5-sonnet',
      'claude-3-7-sonnet',
      'claude-sonnet-4',
      'claude-3-5-haiku',
      'parley-local',
    ]) {
      expect(names).toContain(name);
    }
  });

  it('matches dated and aliased names to the longest catalogue name', () => {
    expect(modelInfo('gpt-4o-mini-2024-07-18')?.name).toBe('gpt-4o-mini');
    expect(modelInfo('gpt-4o-2024-08-06')?.name).toBe('gpt-4o');
    expect(modelInfo('gpt-4.1-mini-2025-04-14')?.name).toBe('gpt-4.1-mini');
    expect(modelInfo('claude-3-5-sonnet-latest')?.name).toBe('claude-3-5-sonnet');
    expect(modelInfo('claude-sonnet-4-20250514')?.name).toBe('claude-sonnet-4');
    expect(modelInfo('claude-sonnet-4-5-20250929')?.name).toBe('claude-sonnet-4-5');
    expect(modelInfo('models/gemini-1.5-flash-002')?.name).toBe('gemini-1.5-flash');
    expect(modelInfo('gpt-4omni')).toBeUndefined();
    expect(modelInfo('llama3.1:8b')).toBeUndefined();
  });

  it('prices a call from the per-million-token prices', () => {
    // GPT-4o mini: $0.15 in, $0.60 out per million tokens.
    expect(costOf('gpt-4o-mini', { inputTokens: 1_000_000, outputTokens: 0 })).toBe(0.15);
    expect(costOf('gpt-4o-mini', { inputTokens: 2000, outputTokens: 500 })).toBe(0.0006);
    // Claude 3.5 Sonnet: $3 in, $15 out.
    expect(costOf('claude-3-5-sonnet-latest', { inputTokens: 10_000, outputTokens: 1000 })).toBe(
      0.045,
    );
    expect(costOf('parley-local', { inputTokens: 50_000, outputTokens: 2000 })).toBe(0);
    expect(costOf('llama3.1:8b', { inputTokens: 10, outputTokens: 10 })).toBeNull();
  });

  it('knows context windows, and assumes a small one for unknown models', () => {
    expect(contextTokensOf('gpt-3.5-turbo')).toBe(16_385);
    expect(contextTokensOf('claude-3-5-haiku-latest')).toBe(200_000);
    expect(contextTokensOf('gemma-7b-it')).toBe(8192);
    expect(contextTokensOf('mistral-7b-instruct')).toBe(DEFAULT_CONTEXT_TOKENS);
    expect(DEFAULT_CONTEXT_TOKENS).toBe(8192);
  });
});
