import { afterAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import {
  UNREACHABLE_ENDPOINT_MESSAGE,
  type AiConfiguration,
  type AvailableModel,
  type ModelRow,
  type ZaiSettings,
} from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { integrationRowsOf } from '../../test/cloud-stores.js';
import { call, json, LOCAL_STAND_INS, expectRefusal } from '../../test/context.js';

let server: ProviderTestServer;
let poc: string;
let member: string;
let admin: string;
let outsider: string;
let acmeId: string;

useTestApp(
  async ({ as }) => {
    server = await startOpenAiServer({ models: ['gpt-4o-mini', 'llama3.1:8b'] });
    const p = await as('poc');
    poc = p.accessToken;
    acmeId = p.user.organizationId;
    member = (await as('member')).accessToken;
    admin = (await as('admin')).accessToken;
    outsider = (await as('outsider')).accessToken;
  },
  { env: LOCAL_STAND_INS },
);
afterAll(async () => server?.close());

const rowOf = async (organizationId: string, provider: string) =>
  (await integrationRowsOf(ctx, organizationId)).find((r) => r.provider === provider) ?? null;

describe('connecting an AI provider (spec 3 §7 chatgpt, claude-ai, gemini)', () => {
  it('tests the key before saving: a refused key is "Chat Gpt Key is expired!"', async () => {
    const res = await call(ctx, 'POST', '/chatgpt', {
      token: poc,
      payload: { apiKey: 'not-the-key', baseUrl: server.url },
    });
    expectRefusal(res, 400, 'Chat Gpt Key is expired!');
    expect(await rowOf(acmeId, 'chatgpt')).toBeNull();
  });

  it('gives the one generic message for a server that cannot be reached', async () => {
    const res = await call(ctx, 'POST', '/chatgpt', {
      token: poc,
      payload: { apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9/v1' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(UNREACHABLE_ENDPOINT_MESSAGE);
  });

  it('is for the point of contact and super admin only', async () => {
    const res = await call(ctx, 'POST', '/chatgpt', {
      token: member,
      payload: { apiKey: 'test-key', baseUrl: server.url },
    });
    expect(res.statusCode).toBe(403);
  });

  it('saves a working key sealed at rest and shows only its last four characters', async () => {
    const res = await call(ctx, 'POST', '/chatgpt', {
      token: poc,
      payload: { apiKey: 'test-key', baseUrl: server.url, defaultModel: 'llama3.1:8b' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('test-key');
    expect(json<AiConfiguration>(res)).toMatchObject({
      provider: 'chatgpt',
      kind: 'openai',
      providerName: 'Chat Gpt',
      status: 'connected',
      keyHint: '…-key',
      baseUrl: server.url,
      defaultModel: 'llama3.1:8b',
    });
    const row = await rowOf(acmeId, 'chatgpt');
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain('test-key');
    const listed = await call(ctx, 'GET', '/ai/providers', { token: member });
    expect(listed.body).not.toContain('test-key');
    expect(json<AiConfiguration[]>(listed).map((c) => c.provider)).toEqual(['chatgpt']);
    const again = await call(ctx, 'POST', '/chatgpt', {
      token: poc,
      payload: { apiKey: 'test-key', baseUrl: server.url },
    });
    expectRefusal(
      again,
      409,
      'Chat Gpt is already connected; update or delete its configuration instead',
    );
  });

  it('keeps another organisation out', async () => {
    expect(json(await call(ctx, 'GET', '/ai/providers', { token: outsider }))).toEqual([]);
    const patch = await call(ctx, 'PATCH', '/chatgpt', {
      token: outsider,
      payload: { defaultModel: 'gpt-4o' },
    });
    expectRefusal(patch, 404, 'Chat Gpt is not connected');
    expect((await call(ctx, 'DELETE', '/chatgpt', { token: outsider })).statusCode).toBe(404);
    const test = await call(ctx, 'POST', '/ai/test-connection', {
      token: outsider,
      payload: { provider: 'chatgpt' },
    });
    expect(test.statusCode).toBe(404);
    expect(await rowOf(acmeId, 'chatgpt')).not.toBeNull();
  });

  it('tests the saved connection, or a key about to be saved, and says what happened', async () => {
    const saved = await call(ctx, 'POST', '/ai/test-connection', {
      token: poc,
      payload: { provider: 'chatgpt' },
    });
    expect(json(saved)).toMatchObject({ ok: true, models: ['gpt-4o-mini', 'llama3.1:8b'] });
    expect(json(saved).message).toMatch(/^Connected to Chat Gpt at .*: 2 models/);
    const refused = await call(ctx, 'POST', '/ai/test-connection', {
      token: poc,
      payload: { provider: 'chatgpt', apiKey: 'old-key', baseUrl: server.url },
    });
    expect(json(refused)).toEqual({ ok: false, message: 'Chat Gpt Key is expired!', models: [] });
  });

  it('changes a configuration only after testing the change', async () => {
    const bad = await call(ctx, 'PATCH', '/chatgpt', { token: poc, payload: { apiKey: 'wrong' } });
    expect(json(bad).message).toBe('Chat Gpt Key is expired!');
    const ok = await call(ctx, 'PATCH', '/chatgpt', {
      token: poc,
      payload: { defaultModel: 'gpt-4o-mini' },
    });
    expect(json<AiConfiguration>(ok)).toMatchObject({
      defaultModel: 'gpt-4o-mini',
      keyHint: '…-key',
    });
  });
});

describe('models (spec 3 §7 Models) and the pickers’ list', () => {
  it('seeds the catalogue with provider, context size and price', async () => {
    const page = json<{ data: ModelRow[]; count: number }>(
      await call(ctx, 'GET', '/models/pagination?size=5&search=gpt-4o', { token: member }),
    );
    expect(page.count).toBe(2);
    expect(page.data.find((m) => m.name === 'gpt-4o-mini')).toMatchObject({
      provider: 'openai',
      contextTokens: 128_000,
      inputPricePerMTok: 0.15,
      outputPricePerMTok: 0.6,
      status: 'active',
      organizationStatus: 'connected',
    });
    const all = json<ModelRow[]>(await call(ctx, 'GET', '/models', { token: member }));
    expect(all.find((m) => m.name === 'claude-3-5-haiku')?.organizationStatus).toBe(
      'not connected',
    );
    expect(all.find((m) => m.name === 'parley-local')?.organizationStatus).toBe('connected');
  });

  it('lists the connected providers’ models and the server’s own ones as available', async () => {
    const { data } = json<{ data: AvailableModel[] }>(
      await call(ctx, 'GET', '/ai/models/available', { token: member }),
    );
    const by = (m: string) => data.find((d) => d.model === m);
    expect(by('parley-local')).toMatchObject({ connected: true, isDefault: true });
    expect(by('gpt-4o-mini')).toMatchObject({ provider: 'openai', connected: true });
    expect(by('claude-3-5-haiku')).toMatchObject({ provider: 'anthropic', connected: false });
    expect(by('llama3.1:8b')).toMatchObject({ provider: 'openai', connected: true });
  });

  it('lets only the super admin add, change and delete models', async () => {
    const body = { name: 'qwen2.5:7b', contextTokens: 32_768, inputPricePerMTok: 0 };
    expect((await call(ctx, 'PATCH', '/models', { token: poc, payload: body })).statusCode).toBe(
      403,
    );
    const created = json<ModelRow>(
      await call(ctx, 'PATCH', '/models', { token: admin, payload: body }),
    );
    expect(created).toMatchObject({ name: 'qwen2.5:7b', provider: 'openai', count: 0 });
    const off = await call(ctx, 'PATCH', `/models/${created.id}`, {
      token: admin,
      payload: { status: 'inactive' },
    });
    expect(json<ModelRow>(off).status).toBe('inactive');
    const gone = await call(ctx, 'DELETE', `/models/${created.id}`, { token: admin });
    expect(json(gone)).toEqual({ message: 'Model deleted' });
    expect((await call(ctx, 'DELETE', `/models/${created.id}`, { token: admin })).statusCode).toBe(
      404,
    );
  });
});

describe('Zai settings (spec 3 §7)', () => {
  it('reads and changes the organisation’s default model, for its own organisation only', async () => {
    const empty = json<ZaiSettings>(
      await call(ctx, 'GET', `/zai-settings/${acmeId}`, { token: member }),
    );
    expect(empty).toMatchObject({ organizationId: acmeId, defaultModel: null });
    const byMember = await call(ctx, 'PATCH', `/zai-settings/${acmeId}`, {
      token: member,
      payload: { defaultModel: 'gpt-4o-mini' },
    });
    expect(byMember.statusCode).toBe(403);
    const byOutsider = await call(ctx, 'GET', `/zai-settings/${acmeId}`, { token: outsider });
    expect(byOutsider.statusCode).toBe(404);
    const set = await call(ctx, 'PATCH', `/zai-settings/${acmeId}`, {
      token: poc,
      payload: { defaultModel: 'gpt-4o-mini', insightsModel: 'parley-local' },
    });
    expect(json<ZaiSettings>(set)).toMatchObject({
      defaultModel: 'gpt-4o-mini',
      insightsModel: 'parley-local',
    });
    const { data } = json<{ data: AvailableModel[] }>(
      await call(ctx, 'GET', '/ai/models/available', { token: member }),
    );
    expect(data.filter((d) => d.isDefault).map((d) => d.model)).toEqual(['gpt-4o-mini']);
  });

  it('refuses a model name the organisation cannot pick, and keeps the settings', async () => {
    for (const payload of [
      { defaultModel: 'no-such-model' },
      { insightsModel: 'gpt-4o-mini; DROP TABLE models' },
      { defaultModel: 'parley-local', insightsModel: 'made-up' },
    ]) {
      const res = await call(ctx, 'PATCH', `/zai-settings/${acmeId}`, { token: poc, payload });
      expect(res.statusCode).toBe(400);
      const bad = Object.values(payload).find((m) => m !== 'parley-local') ?? '';
      expect(json(res)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: `Unknown model '${bad}': choose one from the models list`,
      });
    }
    const now = json<ZaiSettings>(
      await call(ctx, 'GET', `/zai-settings/${acmeId}`, { token: poc }),
    );
    expect(now).toMatchObject({ defaultModel: 'gpt-4o-mini', insightsModel: 'parley-local' });
    // null still clears a setting.
    const cleared = await call(ctx, 'PATCH', `/zai-settings/${acmeId}`, {
      token: poc,
      payload: { insightsModel: null },
    });
    expect(json<ZaiSettings>(cleared).insightsModel).toBeNull();
  });
});

describe('disconnecting', () => {
  it('forgets the key', async () => {
    const res = await call(ctx, 'DELETE', '/chatgpt', { token: poc });
    expect(json(res)).toEqual({ message: 'Chat Gpt configuration deleted' });
    expect(await rowOf(acmeId, 'chatgpt')).toBeNull();
  });
});
