import { describe, expect, it } from 'vitest';
import { createProvider } from './factory.js';
import { startAnthropicServer, startGeminiServer, startOpenAiServer } from './testing/index.js';

describe('createProvider', () => {
  it.each([
    ['openai', startOpenAiServer, 'gpt-4o-mini'],
    ['anthropic', startAnthropicServer, 'claude-3-5-haiku-latest'],
    ['gemini', startGeminiServer, 'gemini-1.5-flash'],
  ] as const)(
    'builds the %s adapter from an organisation connection',
    async (kind, start, model) => {
      const server = await start({ apiKey: 'org-key' });
      try {
        const provider = createProvider({ kind, apiKey: 'org-key', baseUrl: server.url });
        expect(provider.kind).toBe(kind);
        const result = await provider.complete({
          model,
          messages: [{ role: 'user', content: 'Hello there' }],
        });
        expect(result.text).toContain(model);
      } finally {
        await server.close();
      }
    },
  );

  it('builds the built-in engine for local, which needs no key', () => {
    expect(createProvider({ kind: 'local' }).kind).toBe('local');
  });
});
