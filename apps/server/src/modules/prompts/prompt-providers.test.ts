import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import type { ModelRow, PromptRunResult } from '@parley/contracts';
import { integrationConfigs } from '../../platform/db/schema.js';
import { createSecretBox } from '../../platform/secrets.js';
import {
  call,
  createTestContext,
  json,
  signIn,
  type TestContext,
  LOCAL_STAND_INS,
  expectRefusal,
} from '../../test/context.js';
import { eventsOf, processedMeeting } from '../../test/workbench-kit.js';

let ctx: TestContext;
let server: ProviderTestServer;
let broken: ProviderTestServer;
let poc: string;
let orgId: string;
let meetingId: string;

beforeAll(async () => {
  [ctx, server, broken] = await Promise.all([
    createTestContext({ env: LOCAL_STAND_INS }),
    startOpenAiServer({ models: ['gpt-4o-mini', 'llama3.1:8b'], streamChunkDelayMs: 5 }),
    startOpenAiServer({ models: ['gpt-4o-mini'], breakStreamAfter: 2 }),
  ]);
  const p = await signIn(ctx, 'poc@acme.parley.local');
  poc = p.accessToken;
  orgId = p.user.organizationId;
  meetingId = await processedMeeting(ctx, orgId, p.user.id, 'Discovery call');
  const connected = await call(ctx, 'POST', '/chatgpt', {
    token: poc,
    payload: { apiKey: 'test-key', baseUrl: server.url },
  });
  if (connected.statusCode !== 200) throw new Error(connected.body);
});
afterAll(async () => {
  await Promise.all([ctx?.close(), server?.close(), broken?.close()]);
});

const stream = (model: string) =>
  call(ctx, 'POST', '/prompt/result/stream', {
    token: poc,
    payload: { promptText: 'List the action items.', meetingId, model, maxOutputToken: 200 },
  });

/** Points the organisation's Chat Gpt configuration elsewhere, as a key rotated at the provider would. */
async function reconfigure(settings: Record<string, string>, apiKey: string) {
  await ctx.database.db
    .update(integrationConfigs)
    .set({
      settings: { keyHint: '…', ...settings },
      secretSealed: createSecretBox(ctx.config.appSecret).seal({ apiKey }, `${orgId}:chatgpt`),
    })
    .where(
      and(eq(integrationConfigs.organizationId, orgId), eq(integrationConfigs.provider, 'chatgpt')),
    );
}

describe('running prompts on the organisation’s OpenAI-compatible server', () => {
  it('streams a catalogue model’s deltas in order, then usage and cost', async () => {
    const res = await stream('gpt-4o-mini');
    expect(res.statusCode).toBe(200);
    const events = eventsOf(res);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect(events.map((e) => e.event).indexOf('done')).toBe(events.length - 1);
    const result = events.at(-1)?.data.result as PromptRunResult;
    expect(deltas.map((d) => d.data.text).join('')).toBe(result.result);
    // The test server answers with the model's name and the prompt it was sent.
    expect(result.result).toMatch(/^gpt-4o-mini read your \d+-word prompt/);
    expect(result).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(result.usage.inputTokens).toBeGreaterThan(50);
    expect(result.costUsd).toBeGreaterThan(0);
    // The transcript went to the server with the prompt.
    const sent = JSON.stringify(server.requests.at(-1)?.body);
    expect(sent).toContain('List the action items.');
    expect(sent).toMatch(/\[00:00:\d\d\] /);
  });

  it('sends a model no provider claims to the server, priced unknown', async () => {
    const res = await call(ctx, 'POST', '/prompt/result', {
      token: poc,
      payload: { promptText: 'Summarise.', meetingId, model: 'llama3.1:8b' },
    });
    expect(res.statusCode).toBe(200);
    const result = json<PromptRunResult>(res);
    expect(result.result).toMatch(/^llama3\.1:8b read your/);
    expect(result.costUsd).toBeNull();
  });

  it('counts the runs against the model', async () => {
    const models = json<ModelRow[]>(await call(ctx, 'GET', '/models', { token: poc }));
    expect(models.find((m) => m.name === 'gpt-4o-mini')?.count).toBe(1);
  });

  it('turns a key the provider no longer accepts into the spec’s message', async () => {
    await reconfigure({ baseUrl: server.url }, 'revoked-key');
    const whole = await call(ctx, 'POST', '/prompt/result', {
      token: poc,
      payload: { promptText: 'Summarise.', meetingId, model: 'gpt-4o-mini' },
    });
    expectRefusal(whole, 400, 'Chat Gpt Key is expired!');
    const events = eventsOf(await stream('gpt-4o-mini'));
    // The stream's error event carries what the whole-result call answers.
    expect(events).toEqual([{ event: 'error', data: json(whole) }]);
  });

  it('ends a stream broken midway with an error event after the text that arrived', async () => {
    await reconfigure({ baseUrl: broken.url }, 'test-key');
    const events = eventsOf(await stream('gpt-4o-mini'));
    const kinds = events.map((e) => e.event);
    expect(kinds.at(-1)).toBe('error');
    expect(kinds).not.toContain('done');
    expect(events.at(-1)?.data).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    expect(String(events.at(-1)?.data.message)).toMatch(/^Error getting results/);
  });
});
