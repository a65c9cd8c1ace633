import { describe, expect, it } from 'vitest';
import { createAnthropicProvider, toAnthropicMessages } from './anthropic.js';
import { anthropicSampling } from './settings.js';
import { collect, describeAdapter, MESSAGES, SUMMARY_SCHEMA } from './test-adapter-suite.js';
import { startAnthropicServer } from './testing/index.js';

const startWith = describeAdapter({
  kind: 'anthropic',
  start: startAnthropicServer,
  create: createAnthropicProvider,
  models: ['claude-3-5-sonnet-latest', 'claude-3-5-haiku-latest'],
  isGeneration: (r) => r.path === '/v1/messages',
});

describe('anthropic adapter: what is sent', () => {
  it("maps the workbench's settings: temperature clamped to 0..1, top_k kept, penalties dropped", async () => {
    const { provider, generations } = await startWith();
    // The spec's defaults (3 §9) plus a temperature Anthropic would refuse.
    const result = await provider.complete({
      model: 'claude-3-5-sonnet-latest',
      messages: MESSAGES,
      maxOutputTokens: 256,
      temperature: 1.4,
      topP: 1,
      topK: 40,
      frequencyPenalty: 0.21,
      presencePenalty: 1,
    });
    expect(result.finishReason).toBe('stop');
    expect(generations()[0]?.body).toEqual({
      model: 'claude-3-5-sonnet-latest',
      system: MESSAGES[0]?.content,
      messages: [{ role: 'user', content: MESSAGES[1]?.content }],
      max_tokens: 256,
      temperature: 1,
      top_k: 40,
      stream: false,
    });
  });

  it('always sends max_tokens (required), at most the model maximum, and top_p only without temperature', () => {
    expect(anthropicSampling({}, 'claude-3-5-haiku-20241022')).toEqual({ max_tokens: 4096 });
    expect(anthropicSampling({ maxOutputTokens: 100_000 }, 'claude-3-5-sonnet-latest')).toEqual({
      max_tokens: 8192,
    });
    expect(anthropicSampling({ topP: 0.9 }, 'claude-sonnet-4-5')).toEqual({
      max_tokens: 4096,
      top_p: 0.9,
    });
    expect(
      anthropicSampling({ topP: 0.9, temperature: 0.2, topK: 0 }, 'claude-sonnet-4-5'),
    ).toEqual({
      max_tokens: 4096,
      temperature: 0.2,
    });
  });

  it('runs a model that refuses temperature with top_p (Haiku 4.5) with both settings given', async () => {
    const { provider } = await startWith();
    const result = await provider.complete({
      model: 'claude-haiku-4-5',
      messages: MESSAGES,
      temperature: 0.5,
      topP: 0.8,
    });
    expect(result.text).toContain('claude-haiku-4-5');
  });

  it('asks for JSON through a forced tool whose input_schema is the schema', async () => {
    const { provider, generations } = await startWith();
    await provider.complete({
      model: 'claude-3-5-sonnet-latest',
      messages: MESSAGES,
      jsonSchema: SUMMARY_SCHEMA,
    });
    expect(generations()[0]?.body).toMatchObject({
      tools: [{ name: 'meeting_summary', input_schema: SUMMARY_SCHEMA.schema }],
      tool_choice: { type: 'tool', name: 'meeting_summary' },
    });
  });

  it('wraps a schema that is not an object (tool inputs must be) and unwraps the answer', async () => {
    const { provider, generations } = await startWith();
    const jsonSchema = {
      name: 'action items',
      schema: { type: 'array', items: { type: 'string' }, minItems: 2 },
    };
    const result = await provider.complete({
      model: 'claude-3-5-sonnet-latest',
      messages: MESSAGES,
      jsonSchema,
    });
    expect(result.json).toEqual([expect.any(String), expect.any(String)]);
    expect(generations()[0]?.body).toMatchObject({
      tools: [
        {
          name: 'action_items',
          input_schema: { type: 'object', properties: { value: jsonSchema.schema } },
        },
      ],
    });
    const events = await collect(
      provider.stream({ model: 'claude-3-5-sonnet-latest', messages: MESSAGES, jsonSchema }),
    );
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('the last event is not done');
    expect(done.result.json).toEqual(result.json);
    expect(
      events
        .filter((e) => e.type === 'delta')
        .map((e) => (e.type === 'delta' ? e.text : ''))
        .join(''),
    ).toBe(done.result.text);
  });

  it('joins neighbouring turns of one role, as the Messages API wants them alternating', () => {
    expect(
      toAnthropicMessages([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Transcript: …' },
        { role: 'user', content: 'Question: who spoke most?' },
      ]),
    ).toEqual({
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Transcript: …\n\nQuestion: who spoke most?' }],
    });
    expect(toAnthropicMessages([{ role: 'system', content: 'Only a system prompt.' }])).toEqual({
      messages: [{ role: 'user', content: 'Only a system prompt.' }],
    });
  });
});
