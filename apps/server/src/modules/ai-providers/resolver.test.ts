import { describe, expect, it } from 'vitest';
import { createProvider, type ProviderConfig } from '@parley/ai';
import type { AiConfigProvider } from '@parley/contracts';
import type { AiCredentials } from './credentials.js';
import { createAiProviderResolver } from './resolver.js';

/** An organisation's saved configurations and Zai default, and the configs providers were built with. */
function setup(
  saved: Partial<Record<AiConfigProvider, AiCredentials>>,
  defaultModel: string | null,
) {
  const built: ProviderConfig[] = [];
  const resolver = createAiProviderResolver({
    configs: { credentialsFor: async (_org, provider) => saved[provider] ?? null },
    defaultModel: async () => defaultModel,
    createProvider: (config) => {
      built.push(config);
      return createProvider(config);
    },
  });
  return { resolver, built };
}

const org = '00000000-0000-4000-8000-000000000001';

describe('AiProviderResolver (spec 2 §8 rules over the organisation’s configurations)', () => {
  it('uses the built-in engine when nothing is chosen and nothing is connected', async () => {
    const { resolver } = setup({}, null);
    const { provider, model } = await resolver.providerFor(org);
    expect(model).toBe('parley-local');
    expect(provider.kind).toBe('local');
  });

  it('uses the Zai default model when none is asked for', async () => {
    const { resolver, built } = setup({ 'claude-ai': { apiKey: 'sk-ant' } }, 'claude-3-5-haiku');
    const { model, provider } = await resolver.providerFor(org);
    expect(model).toBe('claude-3-5-haiku');
    expect(provider.kind).toBe('anthropic');
    expect(built).toEqual([{ kind: 'anthropic', apiKey: 'sk-ant' }]);
  });

  it('picks the provider from the model name and passes the key and base URL', async () => {
    const { resolver, built } = setup(
      {
        chatgpt: { apiKey: 'sk-1', baseUrl: 'http://127.0.0.1:11434/v1' },
        gemini: { apiKey: 'g' },
      },
      null,
    );
    expect((await resolver.providerFor(org, 'gpt-4o')).provider.kind).toBe('openai');
    expect((await resolver.providerFor(org, 'gemma-7b-it')).provider.kind).toBe('gemini');
    expect(built).toEqual([
      { kind: 'openai', apiKey: 'sk-1', baseUrl: 'http://127.0.0.1:11434/v1' },
      { kind: 'gemini', apiKey: 'g' },
    ]);
  });

  it('sends names no provider claims to the OpenAI configuration only when it has a base URL', async () => {
    const withServer = setup({ chatgpt: { apiKey: 'k', baseUrl: 'http://llm.local/v1' } }, null);
    const served = await withServer.resolver.providerFor(org, 'llama3.1:8b');
    expect(served).toMatchObject({ model: 'llama3.1:8b', provider: { kind: 'openai' } });
    const withoutServer = setup({ chatgpt: { apiKey: 'k' } }, null);
    await expect(withoutServer.resolver.providerFor(org, 'llama3.1:8b')).rejects.toMatchObject({
      statusCode: 400,
      message:
        "No provider serves the model 'llama3.1:8b': connect an OpenAI-compatible server (Chat Gpt with a base URL) to use it",
    });
  });

  it('refuses a model whose provider is not connected, naming it', async () => {
    const { resolver } = setup({}, 'gemini-1.5-pro');
    await expect(resolver.providerFor(org)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Gemini is not connected: connect it under App integrations to use gemini-1.5-pro',
    });
  });
});
