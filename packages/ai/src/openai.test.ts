import { describe, expect, it } from 'vitest';
import { createOpenAiProvider } from './openai.js';
import { providerForModel } from './models.js';
import { openAiSampling } from './settings.js';
import { collect, describeAdapter, MESSAGES, SUMMARY_SCHEMA } from './test-adapter-suite.js';
import { startOpenAiServer } from './testing/index.js';

const startWith = describeAdapter({
  kind: 'openai',
  start: startOpenAiServer,
  create: createOpenAiProvider,
  models: ['gpt-4o-mini', 'gpt-3.5-turbo'],
  isGeneration: (r) => r.path.endsWith('/chat/completions'),
});

describe('openai adapter: what is sent', () => {
  it("maps the workbench's settings, clamped to OpenAI's ranges, and asks for usage in streams", async () => {
    const { provider, generations } = await startWith();
    await provider.complete({
      model: 'gpt-4o-mini',
      messages: MESSAGES,
      maxOutputTokens: 256,
      temperature: 2.5,
      topP: 1,
      topK: 0,
      frequencyPenalty: 0.21,
      presencePenalty: 3,
    });
    await provider.complete({
      model: 'gpt-4o-mini',
      messages: MESSAGES,
      jsonSchema: SUMMARY_SCHEMA,
    });
    for await (const _event of provider.stream({ model: 'gpt-4o-mini', messages: MESSAGES }))
      void _event;
    const [plain, json, streamed] = generations().map((r) => r.body as Record<string, unknown>);
    expect(plain).toMatchObject({
      model: 'gpt-4o-mini',
      messages: MESSAGES,
      max_tokens: 256,
      temperature: 2,
      top_p: 1,
      frequency_penalty: 0.21,
      presence_penalty: 2,
    });
    expect(plain).not.toHaveProperty('top_k');
    expect(json?.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'meeting_summary', schema: SUMMARY_SCHEMA.schema, strict: false },
    });
    expect(streamed).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });

  it('leaves top_k out for api.openai.com, which refuses it, and sends it to compatible servers', () => {
    expect(openAiSampling({ topK: 40, temperature: 0.3 }, 'gpt-4o', false)).toEqual({
      temperature: 0.3,
    });
    expect(openAiSampling({ topK: 40 }, 'qwen2.5:7b', true)).toEqual({ top_k: 40 });
  });

  it("cuts maxOutputTokens to the model's maximum, and leaves unknown models' limit alone", () => {
    expect(openAiSampling({ maxOutputTokens: 10_000 }, 'gpt-3.5-turbo', false)).toEqual({
      max_tokens: 4096,
    });
    expect(openAiSampling({ maxOutputTokens: 10_000 }, 'llama3.1:8b', true)).toEqual({
      max_tokens: 10_000,
    });
  });

  it('runs a model the spec does not know on an OpenAI-compatible server (Ollama, vLLM, llama.cpp)', async () => {
    expect(providerForModel('llama3.1:8b')).toBeNull();
    const { provider, generations } = await startWith({
      models: ['llama3.1:8b'],
      apiKey: 'ollama',
    });
    const result = await provider.complete({ model: 'llama3.1:8b', messages: MESSAGES, topK: 40 });
    expect(result.text).toContain('llama3.1:8b');
    expect(result.costUsd).toBeNull();
    expect(generations()[0]?.body).toMatchObject({ model: 'llama3.1:8b', top_k: 40 });
    const check = await provider.testConnection();
    expect(check).toMatchObject({ ok: true, models: ['llama3.1:8b'] });
  });

  it('estimates usage (and says so) when a compatible server reports none', async () => {
    const { provider } = await startWith({ reportUsage: false });
    const result = await provider.complete({ model: 'gpt-4o-mini', messages: MESSAGES });
    const events = await collect(provider.stream({ model: 'gpt-4o-mini', messages: MESSAGES }));
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('the last event is not done');
    for (const r of [result, done.result]) {
      expect(r.usageEstimated).toBe(true);
      expect(r.usage.outputTokens).toBe(Math.ceil(r.text.length / 4));
      expect(r.usage.inputTokens).toBeGreaterThan(10);
    }
  });
});
