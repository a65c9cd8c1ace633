import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@parley/ai';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import type { AiKitResponse, ScoreResult } from '@parley/contracts';
import { standInResolver } from '../../test/ai-stand-in.js';
import { call, createTestContext, json, signIn, type TestContext } from '../../test/context.js';
import { processedMeeting } from '../../test/workbench-kit.js';

/**
 * The AI kit's score prompts against a connected model (a real server speaking the OpenAI
 * protocol) that does not always answer in JSON, as OpenAI-compatible servers that ignore the
 * structured mode do. It used to be a 500.
 */
type Mode = 'plain' | 'plain-then-json' | 'prose';
let mode: Mode = 'plain';
const JSON_ANSWER = JSON.stringify({ score: 64, insights: ['Clear answers'], tags: ['clear'] });

const isRetry = (messages: ChatMessage[]) =>
  messages.some((m) => m.content.includes('Answer with the JSON object only'));

function reply(messages: ChatMessage[]): string {
  if (mode === 'prose') return 'Score: 72 out of 100\n- Explains the design clearly';
  if (mode === 'plain-then-json' && isRetry(messages)) return JSON_ANSWER;
  return 'The candidate did well overall and communicated clearly.';
}

let ctx: TestContext;
let server: ProviderTestServer;
let token = '';

beforeAll(async () => {
  server = await startOpenAiServer({ reply, models: ['gpt-4o-mini'] });
  ctx = await createTestContext({ ai: standInResolver(server.url) });
  const user = await signIn(ctx, 'user@acme.parley.local');
  token = user.accessToken;
  await processedMeeting(ctx, user.user.organizationId, user.user.id, 'remote-kit');
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

const scores = () => call(ctx, 'POST', '/text-scores/remote-kit.wav', { token, payload: {} });
const generations = () => server.requests.filter((r) => r.path.endsWith('/chat/completions'));
const bodyOf = (r: { body: unknown }) =>
  r.body as { response_format?: { type: string }; messages: ChatMessage[] };

describe('AI kit routes with a model that answers prose', () => {
  it('retry once in the structured mode, then answer 502 in the error shape', async () => {
    mode = 'plain';
    const before = generations().length;
    const res = await scores();
    expect(res.statusCode).toBe(502);
    const body = json(res);
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(body).toMatchObject({ statusCode: 502, error: 'Bad Gateway' });
    expect(String(body.message)).toMatch(
      /^The model gpt-4o-mini did not answer '\w+' in the expected JSON format/,
    );
    const sent = generations().slice(before).map(bodyOf);
    // Every request asked for JSON; each prompt that failed was asked once more, firmly.
    expect(sent.every((b) => b.response_format?.type === 'json_schema')).toBe(true);
    const retries = sent.filter((b) => isRetry(b.messages)).length;
    expect(retries).toBeGreaterThan(0);
    expect(sent.length - retries).toBe(retries);
  });

  it('use the retry’s JSON when the second answer has it', async () => {
    mode = 'plain-then-json';
    const res = await scores();
    expect(res.statusCode, res.body).toBe(200);
    const data = json<AiKitResponse>(res).data;
    for (const item of data.data) expect((item.result as ScoreResult).score).toBe(64);
  });

  it('read a score written as prose without asking again', async () => {
    mode = 'prose';
    const before = generations().length;
    const res = await scores();
    expect(res.statusCode, res.body).toBe(200);
    const data = json<AiKitResponse>(res).data;
    const results = data.data.map((d) => d.result as ScoreResult);
    expect(results.map((r) => r.score)).toEqual(results.map(() => 72));
    expect(results[0]?.insights).toEqual(['Explains the design clearly']);
    expect(
      generations()
        .slice(before)
        .some((r) => isRetry(bodyOf(r).messages)),
    ).toBe(false);
  });
});
