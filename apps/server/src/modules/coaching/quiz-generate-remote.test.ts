import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyExpiredMessage } from '@parley/ai';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import { COACHING_MESSAGES as C, type QuizDraft } from '@parley/contracts';
import { standInResolver } from '../../test/ai-stand-in.js';
import {
  call,
  createTestContext,
  expectRefusal,
  json,
  signIn,
  type TestContext,
} from '../../test/context.js';
import { processedMeeting } from '../../test/workbench-kit.js';

/**
 * Zai's questions by a connected model (a real server speaking the OpenAI protocol) on the
 * 30 s recording: its answer holds one good question, one whose moment is past the end of the
 * video, one without a correct option and one with a single option; only the first is kept.
 */
let reply = '';
const ANSWER = JSON.stringify({
  questions: [
    {
      question: 'Where is Sheila originally from?',
      options: ['Chicago', 'Texas', 'New Jersey'],
      correct: [0],
      start: 14.4,
      end: 17.8,
    },
    { question: 'What is sung?', options: ['Opera', 'Jazz'], correct: [0], start: 95, end: 99 },
    { question: 'Who calls?', options: ['Diane', 'Sheila'], correct: [], start: 6, end: 8 },
    { question: 'Who answers?', options: ['Sheila'], correct: [0], start: 7, end: 8 },
  ],
});

let ctx: TestContext;
let server: ProviderTestServer;
let apiKey = 'test-key';
let token = '';
let meetingId = '';

beforeAll(async () => {
  server = await startOpenAiServer({ reply: () => reply, models: ['gpt-4o-mini'] });
  ctx = await createTestContext({ ai: standInResolver(server.url, () => apiKey) });
  const poc = await signIn(ctx, 'poc@acme.parley.local');
  token = poc.accessToken;
  meetingId = await processedMeeting(ctx, poc.user.organizationId, poc.user.id, 'Remote quiz');
  const made = await call(ctx, 'POST', '/meeting/Admin/coaching', {
    token,
    payload: { fileName: 'Remote quiz.wav', title: 'Remote quiz', stage: 'prospecting_stage' },
  });
  expect(made.statusCode, made.body).toBe(201);
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

const generate = () =>
  call(ctx, 'POST', '/coaching/quiz/generate', { token, payload: { meetingId, count: 4 } });

describe("a connected model's questions", () => {
  it('keeps only questions with a correct option, tied to a moment inside the video', async () => {
    reply = ANSWER;
    const res = await generate();
    expect(res.statusCode, res.body).toBe(200);
    expect(json<QuizDraft>(res)).toEqual({
      provider: 'openai',
      model: 'gpt-4o-mini',
      questions: [
        {
          text: 'Where is Sheila originally from?',
          kind: 'single',
          options: [
            { text: 'Chicago', correct: true },
            { text: 'Texas', correct: false },
            { text: 'New Jersey', correct: false },
          ],
          moment: { start: 14.4, end: 17.8 },
        },
      ],
    });
    // Asked for JSON in the quiz's shape, for the number of questions wanted, with the transcript.
    const body = server.requests.at(-1)?.body as {
      response_format?: { type: string; json_schema?: { name: string } };
      messages: { content: string }[];
    };
    expect(body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'quiz' },
    });
    const prompt = body.messages.map((m) => m.content).join('\n');
    expect(prompt).toContain('Write 4 questions');
    expect(prompt).toContain('opera');
  });

  it('says so when the model’s answer holds no usable question', async () => {
    reply = 'Here are some great questions about the video!';
    expectRefusal(await generate(), 422, C.quizDraftUnusable);
  });

  it('names the provider whose key was refused', async () => {
    apiKey = 'revoked-key';
    const res = await generate();
    apiKey = 'test-key';
    expectRefusal(res, 400, keyExpiredMessage('openai'));
  });
});
