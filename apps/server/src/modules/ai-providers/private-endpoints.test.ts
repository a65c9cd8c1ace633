import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAnthropicServer,
  startGeminiServer,
  startOpenAiServer,
  type ProviderTestServer,
} from '@parley/ai/testing';
import { UNREACHABLE_ENDPOINT_MESSAGE, type AiConfigProvider } from '@parley/contracts';
import { call, createTestContext, json, signIn, type TestContext } from '../../test/context.js';

/**
 * Issue 21, server-side request forgery: a base URL pointing inside the server's network is
 * refused unless ALLOW_PRIVATE_ENDPOINTS=true, and every failure to reach a server reads the
 * same, so the answers do not tell which internal ports are open.
 */
let strict: TestContext;
let open: TestContext;
let servers: Record<AiConfigProvider, ProviderTestServer>;
let strictPoc: string;
let openPoc: string;

beforeAll(async () => {
  const [s, o, openai, anthropic, gemini] = await Promise.all([
    createTestContext(),
    createTestContext({ env: { ALLOW_PRIVATE_ENDPOINTS: 'true' } }),
    startOpenAiServer({ models: ['gpt-4o-mini'] }),
    startAnthropicServer(),
    startGeminiServer(),
  ]);
  [strict, open] = [s, o];
  servers = { chatgpt: openai, 'claude-ai': anthropic, gemini };
  strictPoc = (await signIn(strict, 'poc@acme.parley.local')).accessToken;
  openPoc = (await signIn(open, 'poc@acme.parley.local')).accessToken;
});
afterAll(async () => {
  await Promise.all([
    strict?.close(),
    open?.close(),
    ...Object.values(servers ?? {}).map((x) => x.close()),
  ]);
});

const unreachable = { ok: false, message: UNREACHABLE_ENDPOINT_MESSAGE, models: [] };
const providers: AiConfigProvider[] = ['chatgpt', 'claude-ai', 'gemini'];
const sent = () => Object.values(servers).reduce((n, s) => n + s.requests.length, 0);

describe('AI provider base URLs inside the network', () => {
  it('are refused by ai/test-connection and the connect routes, without a request reaching them', async () => {
    for (const provider of providers) {
      const baseUrl = servers[provider].url;
      const tested = await call(strict, 'POST', '/ai/test-connection', {
        token: strictPoc,
        payload: { provider, apiKey: 'test-key', baseUrl },
      });
      expect(json(tested), provider).toEqual(unreachable);
      const connected = await call(strict, 'POST', `/${provider}`, {
        token: strictPoc,
        payload: { apiKey: 'test-key', baseUrl },
      });
      expect(json(connected), provider).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: UNREACHABLE_ENDPOINT_MESSAGE,
      });
    }
    expect(sent()).toBe(0);
  });

  it('read the same whether the port is open, closed, a cloud metadata address or a name for loopback', async () => {
    const port = new URL(servers.chatgpt.url).port;
    for (const baseUrl of [
      `http://127.0.0.1:${port}/v1`,
      'http://127.0.0.1:9/v1',
      'http://169.254.169.254/latest',
      `http://localhost:${port}/v1`,
      `http://[::ffff:127.0.0.1]:${port}/v1`,
      'http://10.0.0.1:11434/v1',
    ]) {
      const res = await call(strict, 'POST', '/ai/test-connection', {
        token: strictPoc,
        payload: { provider: 'chatgpt', apiKey: 'test-key', baseUrl },
      });
      expect(json(res), baseUrl).toEqual(unreachable);
    }
    expect(sent()).toBe(0);
  });

  it('are reachable with ALLOW_PRIVATE_ENDPOINTS=true, where a closed port still gets the one message', async () => {
    for (const provider of providers) {
      const res = await call(open, 'POST', '/ai/test-connection', {
        token: openPoc,
        payload: { provider, apiKey: 'test-key', baseUrl: servers[provider].url },
      });
      expect(json(res), provider).toMatchObject({ ok: true });
    }
    const closed = await call(open, 'POST', '/ai/test-connection', {
      token: openPoc,
      payload: { provider: 'chatgpt', apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9/v1' },
    });
    expect(json(closed)).toEqual(unreachable);
  });
});
