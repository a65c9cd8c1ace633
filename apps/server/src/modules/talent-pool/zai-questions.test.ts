import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import type { MockInterview } from '@parley/contracts';
import { standInResolver } from '../../test/ai-stand-in.js';
import { call, createTestContext, json, signUp, type TestContext } from '../../test/context.js';

/**
 * Questions by a connected model (a real server speaking the OpenAI protocol): its answer
 * holds two good questions, a repeat and one too short to ask; the bank tops the set up to
 * the number asked. An answer that is not the JSON asked for leaves the bank to answer alone.
 */
let reply = '';
let ctx: TestContext;
let server: ProviderTestServer;

beforeAll(async () => {
  server = await startOpenAiServer({ reply: () => reply, models: ['gpt-4o-mini'] });
  ctx = await createTestContext({ ai: standInResolver(server.url) });
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

const payload = {
  useResume: false,
  companyName: 'Apple',
  jobRole: 'Data scientist',
  level: 'Medium',
  skills: ['Python', 'Statistics'],
  jobDescription: 'Experimentation platform for the App Store.',
  settings: { questionCount: 5, thinkSeconds: 20, answerSeconds: 90, retakes: 1 },
};

describe('mock interview questions from a connected model', () => {
  it('keeps the model’s distinct, well-formed questions and tops them up from the bank', async () => {
    reply = JSON.stringify({
      questions: [
        {
          text: 'How would you size an A/B test for a change to App Store search ranking?',
          topic: 'experimentation',
        },
        {
          text: 'Tell me how you used Python and statistics to change a product decision.',
          topic: 'Python',
        },
        {
          text: 'How would you size an A/B test for a change to App Store search ranking?',
          topic: 'again',
        },
        { text: 'Why?', topic: 'short' },
      ],
    });
    const s = await signUp(ctx, 'zai-seeker@example.com', { accountType: 'individual' });
    const res = await call(ctx, 'POST', '/b2c/mock-interview', { token: s.accessToken, payload });
    expect(res.statusCode, res.body).toBe(201);
    const made = json<MockInterview>(res);
    expect(made.generatedBy).toBe('gpt-4o-mini');
    expect(made.questions).toHaveLength(5);
    expect(made.questions.slice(0, 2).map((q) => q.source)).toEqual(['ai', 'ai']);
    expect(made.questions.slice(2).every((q) => q.source === 'bank')).toBe(true);
    expect(new Set(made.questions.map((q) => q.text)).size).toBe(5);
    // The model was told the role, level, company, skills and the job description.
    const sent = JSON.stringify(server.requests.at(-1)?.body);
    for (const part of ['Data scientist', 'Medium', 'Apple', 'Statistics', 'App Store']) {
      expect(sent).toContain(part);
    }
  });

  it('falls back to the bank when the model’s answer is not the JSON asked for', async () => {
    reply = 'Sure! Here are some great questions: 1. Tell me about yourself.';
    const s = await signUp(ctx, 'zai-seeker-2@example.com', { accountType: 'individual' });
    const made = json<MockInterview>(
      await call(ctx, 'POST', '/b2c/mock-interview', { token: s.accessToken, payload }),
    );
    expect(made.generatedBy).toBe('built-in');
    expect(made.questions).toHaveLength(5);
    expect(made.questions.every((q) => q.source === 'bank')).toBe(true);
  });
});
