import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe("with the SDKs' environment variables set on the server", () => {
    afterEach(() => vi.unstubAllEnvs());

    it.each([
      ['openai', startOpenAiServer, 'gpt-4o-mini'],
      ['anthropic', startAnthropicServer, 'claude-3-5-haiku-latest'],
      ['gemini', startGeminiServer, 'gemini-1.5-flash'],
    ] as const)('sends %s only the organisation key', async (kind, start, model) => {
      vi.stubEnv('OPENAI_ORG_ID', 'org-of-the-server');
      vi.stubEnv('OPENAI_PROJECT_ID', 'proj-of-the-server');
      vi.stubEnv('ANTHROPIC_AUTH_TOKEN', 'token-of-the-server');
      vi.stubEnv('GOOGLE_GENAI_USE_VERTEXAI', 'true');
      const server = await start({ apiKey: 'org-key' });
      try {
        const provider = createProvider({ kind, apiKey: 'org-key', baseUrl: server.url });
        await provider.complete({ model, messages: [{ role: 'user', content: 'Hi' }] });
        const headers = JSON.stringify(server.requests[0]?.headers);
        expect(headers).not.toMatch(/of-the-server/);
        expect(server.requests[0]?.status).toBe(200);
      } finally {
        await server.close();
      }
    });
  });

  it('builds the built-in engine for local, which needs no key', () => {
    expect(createProvider({ kind: 'local' }).kind).toBe('local');
  });
});
