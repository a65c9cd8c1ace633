import { describe, expect, it } from 'vitest';
import { createGeminiProvider, toGeminiContents } from './gemini.js';
import { describeAdapter, MESSAGES, SUMMARY_SCHEMA } from './test-adapter-suite.js';
import { startGeminiServer } from './testing/index.js';

const startWith = describeAdapter({
  kind: 'gemini',
  start: startGeminiServer,
  create: createGeminiProvider,
  models: ['gemini-1.5-flash', 'gemini-1.5-pro'],
  isGeneration: (r) => /:(stream)?generateContent/i.test(r.path),
});

describe('gemini adapter: what is sent', () => {
  it("maps the workbench's settings into generationConfig, penalties kept below 2", async () => {
    const { provider, generations } = await startWith();
    await provider.complete({
      model: 'gemini-1.5-flash',
      messages: MESSAGES,
      maxOutputTokens: 256,
      temperature: 1,
      topP: 1,
      topK: 0,
      frequencyPenalty: 0.21,
      presencePenalty: 2,
    });
    const body = generations()[0]?.body as Record<string, unknown>;
    expect(body.generationConfig).toEqual({
      maxOutputTokens: 256,
      temperature: 1,
      topP: 1,
      frequencyPenalty: 0.21,
      presencePenalty: 1.99,
    });
    expect(body.systemInstruction).toMatchObject({ parts: [{ text: MESSAGES[0]?.content }] });
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: MESSAGES[1]?.content }] }]);
  });

  it('asks gemini-1.5 for JSON with responseMimeType and responseSchema', async () => {
    const { provider, generations } = await startWith();
    const result = await provider.complete({
      model: 'gemini-1.5-pro',
      messages: MESSAGES,
      jsonSchema: SUMMARY_SCHEMA,
    });
    expect(result.json).toEqual({ summary: expect.any(String), score: expect.any(Number) });
    const config = (generations()[0]?.body as { generationConfig: Record<string, unknown> })
      .generationConfig;
    expect(config.responseMimeType).toBe('application/json');
    expect(config.responseSchema).toMatchObject({
      type: 'OBJECT',
      properties: { summary: { type: 'STRING' } },
    });
  });

  it('gives later Gemini models the JSON Schema itself (responseJsonSchema)', async () => {
    const { provider, generations } = await startWith({ models: ['gemini-2.5-flash'] });
    await provider.complete({
      model: 'gemini-2.5-flash',
      messages: MESSAGES,
      jsonSchema: SUMMARY_SCHEMA,
    });
    const config = (generations()[0]?.body as { generationConfig: Record<string, unknown> })
      .generationConfig;
    expect(config).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: SUMMARY_SCHEMA.schema,
    });
  });

  it('runs Gemma, which refuses system instructions, JSON mode and penalties, with the same request', async () => {
    const { provider, generations } = await startWith({ models: ['gemma-7b-it'] });
    const result = await provider.complete({
      model: 'gemma-7b-it',
      messages: MESSAGES,
      frequencyPenalty: 0.21,
      presencePenalty: 1,
      topK: 3,
      jsonSchema: SUMMARY_SCHEMA,
      // Gemma answers in words; the schema is asked for in the prompt.
    });
    expect(result.finishReason).toBe('stop');
    const body = generations()[0]?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('systemInstruction');
    expect(body.generationConfig).toEqual({ topK: 3 });
    const prompt = JSON.stringify(body.contents);
    expect(prompt).toContain(MESSAGES[0]?.content);
    expect(prompt).toContain('Answer with JSON only');
  });

  it('parses a Gemma answer wrapped in a Markdown fence', async () => {
    const { provider } = await startWith({
      models: ['gemma-2b-it'],
      reply: () => '```json\n{"summary": "A short sync about hiring.", "score": 72}\n```',
    });
    const result = await provider.complete({
      model: 'gemma-2b-it',
      messages: MESSAGES,
      jsonSchema: SUMMARY_SCHEMA,
    });
    expect(result.json).toEqual({ summary: 'A short sync about hiring.', score: 72 });
    expect(result.costUsd).toBe(0);
  });

  it('names assistant turns "model" and keeps the conversation order', () => {
    const { contents, system } = toGeminiContents(
      [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Q1' },
        { role: 'assistant', content: 'A1' },
        { role: 'user', content: 'Q2' },
      ],
      'gemini-1.5-flash',
    );
    expect(system).toBe('S');
    expect(contents.map((c) => c.role)).toEqual(['user', 'model', 'user']);
  });
});
