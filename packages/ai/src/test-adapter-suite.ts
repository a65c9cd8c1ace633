import { afterEach, describe, expect, it } from 'vitest';
import { costOf } from './catalog.js';
import { AiError } from './errors.js';
import { keyExpiredMessage } from './models.js';
import {
  defaultReply,
  type ProviderTestServer,
  type RecordedRequest,
  type ScriptedBehaviour,
} from './testing/index.js';
import type {
  ChatMessage,
  CompletionRequest,
  LlmProvider,
  RemoteProviderConfig,
  StreamEvent,
} from './types.js';

/** What one provider contributes to the shared adapter tests. */
export interface AdapterUnderTest {
  kind: 'openai' | 'anthropic' | 'gemini';
  start(options: ScriptedBehaviour): Promise<ProviderTestServer>;
  create(config: RemoteProviderConfig): LlmProvider;
  /** Two models the server serves by default. */
  models: [string, string];
  isGeneration(request: RecordedRequest): boolean;
}

export const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'You are Zai, an assistant that reads meeting transcripts.' },
  { role: 'user', content: 'Summarise the meeting in one sentence please.' },
];

export const SUMMARY_SCHEMA = {
  name: 'meeting_summary',
  schema: {
    type: 'object',
    properties: {
      summary: { type: 'string' },
      score: { type: 'integer', minimum: 0, maximum: 100 },
    },
    required: ['summary', 'score'],
  },
};

export async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const all: StreamEvent[] = [];
  for await (const e of events) all.push(e);
  return all;
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

/** Starts servers for one test and closes them after it. */
export function serverPool(adapter: AdapterUnderTest) {
  const open: ProviderTestServer[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (options: ScriptedBehaviour = {}, config: Partial<RemoteProviderConfig> = {}) => {
    const server = await adapter.start(options);
    open.push(server);
    const provider = adapter.create({
      apiKey: options.apiKey ?? 'test-key',
      baseUrl: server.url,
      ...config,
    });
    const generations = () => server.requests.filter((r) => adapter.isGeneration(r));
    return { server, provider, generations };
  };
}

/**
 * Behaviour every adapter must show against its provider's protocol server. Returns the
 * server pool, for the adapter's own tests of what it sends.
 */
export function describeAdapter(adapter: AdapterUnderTest): ReturnType<typeof serverPool> {
  const [model, otherModel] = adapter.models;
  const ask = (extra: Partial<CompletionRequest> = {}): CompletionRequest => ({
    model,
    messages: MESSAGES,
    ...extra,
  });
  const startWith = serverPool(adapter);

  describe(`${adapter.kind} adapter against its protocol server`, () => {
    it('completes a prompt, with usage and cost from the catalogue', async () => {
      const { provider } = await startWith({ usage: { inputTokens: 1200, outputTokens: 300 } });
      const result = await provider.complete(ask());
      expect(result.text).toBe(defaultReply(MESSAGES.slice(-1), model));
      expect(result).toMatchObject({ provider: adapter.kind, model, finishReason: 'stop' });
      expect(result.usage).toEqual({ inputTokens: 1200, outputTokens: 300 });
      expect(result.usageEstimated).toBeUndefined();
      expect(result.costUsd).toBe(costOf(model, result.usage));
      expect(result.costUsd).toBeGreaterThan(0);
    });

    it('sends the model asked for, so two models answer differently', async () => {
      const { provider } = await startWith();
      const [a, b] = await Promise.all([
        provider.complete(ask()),
        provider.complete(ask({ model: otherModel })),
      ]);
      expect(a.text).toContain(model);
      expect(b.text).toContain(otherModel);
      expect(a.text).not.toBe(b.text);
    });

    it('streams several deltas, then done with the whole text and usage', async () => {
      const { provider } = await startWith({ usage: { inputTokens: 50, outputTokens: 17 } });
      const events = await collect(provider.stream(ask()));
      const deltas = events.filter((e) => e.type === 'delta');
      const done = events.at(-1);
      expect(deltas.length).toBeGreaterThan(3);
      expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
      if (done?.type !== 'done') throw new Error('the last event is not done');
      expect(deltas.map((d) => d.text).join('')).toBe(done.result.text);
      expect(done.result.text).toBe(defaultReply(MESSAGES.slice(-1), model));
      expect(done.result.usage).toEqual({ inputTokens: 50, outputTokens: 17 });
      expect(done.result.costUsd).toBe(costOf(model, done.result.usage));
    });

    it('asks for JSON matching a schema and parses it, also when streamed', async () => {
      const { provider } = await startWith();
      const result = await provider.complete(ask({ jsonSchema: SUMMARY_SCHEMA }));
      expect(result.json).toEqual({ summary: expect.any(String), score: expect.any(Number) });
      const events = await collect(provider.stream(ask({ jsonSchema: SUMMARY_SCHEMA })));
      const done = events.at(-1);
      if (done?.type !== 'done') throw new Error('the last event is not done');
      expect(done.result.json).toEqual(result.json);
    });

    it("turns a wrong key (401) into the spec's key-expired message, without retrying", async () => {
      const { provider, generations } = await startWith(
        { apiKey: 'the-right-key' },
        { apiKey: 'an-old-key' },
      );
      const err = await rejection(provider.complete(ask()));
      expect(err).toBeInstanceOf(AiError);
      expect(err).toMatchObject({ kind: 'key-expired', status: 401, provider: adapter.kind });
      expect((err as AiError).message).toBe(keyExpiredMessage(adapter.kind));
      expect(generations()).toHaveLength(1);
      const streamErr = await rejection(collect(provider.stream(ask())));
      expect(streamErr).toMatchObject({
        kind: 'key-expired',
        message: keyExpiredMessage(adapter.kind),
      });
    });

    it('waits out two 429s (Retry-After 1 s) and then answers', async () => {
      const { provider, generations } = await startWith({
        rateLimit: { times: 2, retryAfterSeconds: 1 },
      });
      const started = Date.now();
      const result = await provider.complete(ask());
      expect(result.text).toContain(model);
      expect(generations().map((r) => r.status)).toEqual([429, 429, 200]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    });

    it('retries 5xx with back-off and gives up with a clear error after maxRetries', async () => {
      const { provider, generations } = await startWith(
        { unavailable: { times: 10, status: 503 } },
        { maxRetries: 2, retryBaseDelayMs: 20 },
      );
      const err = await rejection(provider.complete(ask()));
      expect(err).toMatchObject({ kind: 'unavailable', status: 503, provider: adapter.kind });
      expect((err as AiError).message).toMatch(/unavailable \(HTTP 503\)/);
      expect(generations()).toHaveLength(3);
    });

    it('recovers when a stream is refused once with 503', async () => {
      const { provider, generations } = await startWith(
        { unavailable: { times: 1 } },
        { retryBaseDelayMs: 20 },
      );
      const events = await collect(provider.stream(ask()));
      expect(events.at(-1)?.type).toBe('done');
      expect(generations().map((r) => r.status)).toEqual([503, 200]);
    });

    it('times out a slow answer after timeoutMs, once', async () => {
      const { provider, generations } = await startWith({ delayMs: 3000 }, { timeoutMs: 250 });
      const started = Date.now();
      const err = await rejection(provider.complete(ask()));
      expect(err).toMatchObject({ kind: 'timeout', provider: adapter.kind });
      expect(Date.now() - started).toBeLessThan(2000);
      expect(generations()).toHaveLength(1);
    });

    it('times out a stream that goes quiet between chunks', async () => {
      const { provider } = await startWith({ streamChunkDelayMs: 1500 }, { timeoutMs: 300 });
      const err = await rejection(collect(provider.stream(ask())));
      expect(err).toMatchObject({ kind: 'timeout' });
    });

    it('surfaces a connection dropped mid-stream as an AiError after the deltas that arrived', async () => {
      const { provider } = await startWith({ breakStreamAfter: 3 });
      const seen: string[] = [];
      const err = await rejection(
        (async () => {
          for await (const e of provider.stream(ask())) if (e.type === 'delta') seen.push(e.text);
        })(),
      );
      expect(err).toBeInstanceOf(AiError);
      expect(err).toMatchObject({ kind: 'unavailable', provider: adapter.kind });
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.length).toBeLessThanOrEqual(3);
    });

    it('reports finishReason length when maxOutputTokens cuts the answer', async () => {
      const { provider } = await startWith();
      const result = await provider.complete(ask({ maxOutputTokens: 5 }));
      expect(result.finishReason).toBe('length');
      expect(result.text.length).toBeLessThanOrEqual(20);
    });

    it('refuses an unknown model as a bad request', async () => {
      const { provider } = await startWith();
      const err = await rejection(provider.complete(ask({ model: 'no-such-model' })));
      expect(err).toMatchObject({ kind: 'bad-request', status: 404 });
    });

    it('stops when the caller aborts, with the abort reason rather than an AiError', async () => {
      const { provider } = await startWith({ delayMs: 2000 });
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('user left the page')), 100);
      const err = await rejection(provider.complete(ask({ signal: controller.signal })));
      expect(err).not.toBeInstanceOf(AiError);
      expect((err as Error).message).toBe('user left the page');
    });

    it('tests the connection by listing models, and says why it failed', async () => {
      const { provider, server } = await startWith({ models: [model, otherModel] });
      const check = await provider.testConnection();
      expect(check.ok).toBe(true);
      expect(check.models.sort()).toEqual([model, otherModel].sort());
      expect(check.message).toContain('2 models');

      const wrongKey = adapter.create({ apiKey: 'wrong', baseUrl: server.url });
      expect(await wrongKey.testConnection()).toEqual({
        ok: false,
        models: [],
        message: keyExpiredMessage(adapter.kind),
      });

      const nowhere = adapter.create({
        apiKey: 'test-key',
        baseUrl: 'http://127.0.0.1:9',
        maxRetries: 0,
      });
      const down = await nowhere.testConnection();
      expect(down.ok).toBe(false);
      expect(down.unreachable).toBe(true);
      expect(down.message).toContain('http://127.0.0.1:9');
    });

    it('sends every call through the configured fetch, and fails as unreachable when it refuses', async () => {
      const seen: string[] = [];
      const counting: typeof fetch = (input, init) => {
        seen.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      };
      const { provider, server } = await startWith({}, { fetch: counting });
      await provider.complete(ask());
      await collect(provider.stream(ask()));
      expect((await provider.testConnection()).ok).toBe(true);
      expect(seen.length).toBe(server.requests.length);
      expect(seen.length).toBeGreaterThanOrEqual(3);

      const refusing: typeof fetch = () =>
        Promise.reject(Object.assign(new TypeError('fetch failed'), { code: 'EBLOCKED' }));
      const blocked = adapter.create({
        apiKey: 'test-key',
        baseUrl: server.url,
        maxRetries: 0,
        fetch: refusing,
      });
      const before = server.requests.length;
      expect(await blocked.testConnection()).toMatchObject({ ok: false, unreachable: true });
      expect(server.requests.length).toBe(before);
    });
  });
  return startWith;
}
