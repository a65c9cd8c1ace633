import { describe, expect, it } from 'vitest';
import type { PromptComparison, PromptRunResult } from '@parley/contracts';
import { activityLog } from '../../platform/db/schema.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, expectRefusal } from '../../test/context.js';
import { eventsOf, processedMeeting } from '../../test/workbench-kit.js';

let poc: string;
let member: string;
let outsider: string;
let meetingId: string;
let foreignMeeting: string;

useTestApp(async ({ as }) => {
  const p = await as('poc');
  poc = p.accessToken;
  member = (await as('member')).accessToken;
  const lead = await as('outsider');
  outsider = lead.accessToken;
  meetingId = await processedMeeting(ctx, p.user.organizationId, p.user.id, 'Discovery call');
  await processedMeeting(ctx, p.user.organizationId, p.user.id, 'Follow-up call');
  foreignMeeting = await processedMeeting(ctx, lead.user.organizationId, lead.user.id, 'Theirs');
});

const run = (token: string, payload: Record<string, unknown>, stream = true) =>
  call(ctx, 'POST', stream ? '/prompt/result/stream' : '/prompt/result', {
    token,
    payload: { promptText: 'Summarise the meeting.', meetingId, ...payload },
  });

describe('streaming a prompt (spec 3 §4 prompt streaming)', () => {
  it('streams parley-local deltas in order, then one final event with usage and citations', async () => {
    const res = await run(poc, { model: 'parley-local', maxOutputToken: 256 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    const events = eventsOf(res);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(events.at(-1)?.event).toBe('done');
    expect(events.filter((e) => e.event === 'done')).toHaveLength(1);
    const result = events.at(-1)?.data.result as PromptRunResult;
    // The deltas, joined, are the whole answer: nothing lost or reordered.
    expect(deltas.map((d) => d.data.text).join('')).toBe(result.result);
    expect(result).toMatchObject({ model: 'parley-local', provider: 'local', costUsd: 0 });
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    // The citations point into the 30 s recording.
    expect(result.citations.length).toBeGreaterThan(0);
    for (const c of result.citations) {
      expect(c.start).toBeGreaterThanOrEqual(0);
      expect(c.end).toBeLessThanOrEqual(31);
    }
  });

  it('writes the streamed call to the activity log like any other', async () => {
    await run(poc, { model: 'parley-local' });
    await expect
      .poll(
        async () =>
          (await ctx.database.db.select().from(activityLog)).filter(
            (r) => r.path === '/api/v1/prompt/result/stream' && r.status === 200,
          ).length,
      )
      .toBeGreaterThan(0);
  });

  it('returns the same answer whole from POST prompt/result', async () => {
    const res = await run(poc, { model: 'parley-local' }, false);
    expect(res.statusCode).toBe(200);
    const whole = json<PromptRunResult>(res);
    const streamed = eventsOf(await run(poc, { model: 'parley-local' })).at(-1)?.data
      .result as PromptRunResult;
    expect(whole.result).toBe(streamed.result);
  });

  it('runs on a pasted transcription as well as on a meeting', async () => {
    const res = await call(ctx, 'POST', '/prompt/result', {
      token: poc,
      payload: {
        promptText: 'What are the action items?',
        transcription:
          'Ana: I will send the proposal by Friday.\nBen: Great, I will review it on Monday.',
        model: 'parley-local',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(json<PromptRunResult>(res).result).toMatch(/proposal|review/i);
  });
});

describe('refusals before the stream starts (plain JSON errors)', () => {
  it('names the provider to connect for a model whose provider is not connected', async () => {
    const res = await run(poc, { model: 'gpt-4o-mini' });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(
      'Chat Gpt is not connected: connect it under App integrations to use gpt-4o-mini',
    );
    const claude = await run(poc, { model: 'claude-3-5-haiku' });
    expect(json(claude).message).toMatch(/^ClaudeAI is not connected/);
  });

  it('asks for an OpenAI-compatible server for a model no provider claims', async () => {
    const res = await run(poc, { model: 'llama3.1:8b' });
    expect(json(res)).toMatchObject({
      statusCode: 400,
      message:
        "No provider serves the model 'llama3.1:8b': connect an OpenAI-compatible server (Chat Gpt with a base URL) to use it",
    });
  });

  it('keeps the workbench to staff and meetings to their organisation', async () => {
    expect((await run(member, { model: 'parley-local' })).statusCode).toBe(403);
    const foreign = await run(poc, { model: 'parley-local', meetingId: foreignMeeting });
    expect(foreign.statusCode).toBe(404);
    const theirs = await run(outsider, { model: 'parley-local', meetingId });
    expect(theirs.statusCode).toBe(404);
  });

  it('needs a meeting or a transcription', async () => {
    const res = await call(ctx, 'POST', '/prompt/result', {
      token: poc,
      payload: { promptText: 'Summarise', model: 'parley-local' },
    });
    expectRefusal(res, 400, 'Choose a meeting or send a transcription');
  });
});

describe('comparing two models over the last N meetings', () => {
  it('runs both models on each of the newest processed meetings, reporting failures per cell', async () => {
    const res = await call(ctx, 'POST', '/prompt/compare', {
      token: poc,
      payload: {
        promptText: 'Summarise the meeting.',
        model1: 'parley-local',
        model2: 'gpt-4o',
        lastN: 2,
      },
    });
    expect(res.statusCode).toBe(200);
    const { data } = json<PromptComparison>(res);
    expect(data.map((r) => r.meetingName)).toEqual(['Follow-up call', 'Discovery call']);
    for (const row of data) {
      expect(row.model1).toMatchObject({ ok: true, model: 'parley-local' });
      expect(row.model2).toEqual({
        ok: false,
        message: 'Chat Gpt is not connected: connect it under App integrations to use gpt-4o',
      });
    }
  });

  it('refuses more than 10 meetings', async () => {
    const res = await call(ctx, 'POST', '/prompt/compare', {
      token: poc,
      payload: { promptText: 'x', model1: 'parley-local', model2: 'parley-local', lastN: 11 },
    });
    expect(res.statusCode).toBe(400);
  });
});
