import { describe, expect, it } from 'vitest';
import { keyExpiredMessage, providerForModel } from './models.js';

describe('providerForModel (spec 2 §8)', () => {
  it.each([
    ['gpt-3.5-turbo', 'openai'],
    ['gpt-4o-mini', 'openai'],
    ['claude-3-5-sonnet-latest', 'anthropic'],
    ['gemini-1.5-flash', 'gemini'],
    ['gemma-7b-it', 'gemini'],
    ['parley-local', 'local'],
    ['llama3.1:8b', null],
    ['gemini-2.0-flash', null],
  ])('%s belongs to %s', (model, provider) => {
    expect(providerForModel(model)).toBe(provider);
  });

  it('names the provider in the key-expired message', () => {
    expect(keyExpiredMessage('openai')).toBe('Chat Gpt Key is expired!');
    expect(keyExpiredMessage('anthropic')).toBe('ClaudeAI Key is expired!');
    expect(keyExpiredMessage('gemini')).toBe('Gemini Key is expired!');
    expect(keyExpiredMessage(null)).toBe('key got expired!');
  });
});
