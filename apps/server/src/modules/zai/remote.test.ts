import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@parley/ai';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import { ZAI } from '@parley/contracts';
import {
  addMeeting,
  introductionsCall,
  parseStream,
  scienceReading,
} from '../../test/assistant-kit.js';
import { standInResolver } from '../../test/ai-stand-in.js';
import { call, createTestContext, signIn, type TestContext } from '../../test/context.js';

const QUESTION_WORDS = new Set(['where', 'which', 'there', 'about']);

/**
 * A remote model over the OpenAI protocol (a real HTTP server speaking it). Its replies act
 * like an obedient model: they quote the excerpt lines holding every content word of the
 * question, cite them as [HH:MM:SS], and answer the sentinel sentence when no line does.
 */
function modelReply(messages: ChatMessage[]): string {
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const question = /Question: (.+)$/m.exec(user)?.[1] ?? '';
  const wanted = (question.toLowerCase().match(/[a-z]{5,}/g) ?? []).filter(
    (w) => !QUESTION_WORDS.has(w),
  );
  const hits = user
    .split('\n')
    .filter((l) => /^\[\d\d:\d\d:\d\d\]/.test(l))
    .filter((l) => wanted.every((w) => l.toLowerCase().includes(w)));
  if (hits.length === 0) return ZAI.notFoundSentinel;
  return hits
    .map((l) => {
      const [, time, text] = /^\[(\d\d:\d\d:\d\d)\] [^:]+: (.*)$/.exec(l) ?? [];
      return `They said "${text}" [${time}].`;
    })
    .join('\n');
}

let ctx: TestContext;
let server: ProviderTestServer;
let token = '';
let apiKey = 'test-key';
const ids = { intro: '', science: '' };

beforeAll(async () => {
  server = await startOpenAiServer({ reply: modelReply, models: ['gpt-4o-mini'] });
  // The key is read at each call: a test swaps in an expired one.
  ctx = await createTestContext({ ai: standInResolver(server.url, () => apiKey) });
  const user = await signIn(ctx, 'user@acme.parley.local');
  token = user.accessToken;
  ids.intro = await addMeeting(ctx, user.user, 'Introductions call', {
    utterances: introductionsCall(),
    names: { speaker_00: 'Diane', speaker_01: 'Sheila' },
  });
  ids.science = await addMeeting(ctx, user.user, 'Science reading', {
    utterances: scienceReading(),
  });
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

const ask = (userPrompt: string) =>
  call(ctx, 'POST', '/prompt/siri', {
    token,
    payload: { meetingIds: [ids.intro, ids.science], userPrompt, model: 'gpt-4o-mini' },
  }).then(parseStream);

describe('prompt/siri with a remote model', () => {
  it('sends ranked excerpts with the citation rules and maps the cited times to meetings', async () => {
    const { deltas, final, error } = await ask('Where is Sheila originally from? Chicago?');
    expect(error).toBeUndefined();
    expect(deltas.join('')).toBe(final?.answer);
    expect(final).toMatchObject({ notFound: false, provider: 'openai', model: 'gpt-4o-mini' });
    const chicago = final?.citations.find((c) => c.quote.includes('originally from Chicago'));
    expect(chicago).toMatchObject({ meetingId: ids.intro, meetingName: 'Introductions call' });
    expect(final?.citations.every((c) => c.meetingId === ids.intro)).toBe(true);
    expect(final?.usage.inputTokens).toBeGreaterThan(0);

    const sent = server.requests.at(-1)?.body as { messages: ChatMessage[]; stream: boolean };
    expect(sent.stream).toBe(true);
    expect(sent.messages[0]?.content).toContain(ZAI.notFoundSentinel);
    const excerpts = sent.messages.at(-1)?.content ?? '';
    expect(excerpts).toContain('Meeting "Introductions call":');
    // Only lines that bear on the question (and their neighbours) are sent, not the science talk.
    expect(excerpts).not.toContain('cabbage');
  });

  it('reports notFound when the model answers the sentinel', async () => {
    const before = server.requests.length;
    // Retrieval finds the dinosaur line, so the model is asked; it finds no vendor there.
    const { final } = await ask('Which vendor says dinosaurs have feathers?');
    expect(server.requests.length).toBe(before + 1);
    expect(final).toMatchObject({ notFound: true, citations: [], provider: 'openai' });
  });

  it('sends the last three question/answer pairs of a follow-up, then the new question', async () => {
    const history = [1, 2, 3, 4, 5].map((n) => ({
      question: `Question ${n}`,
      answer: `Answer ${n}`,
    }));
    const res = await call(ctx, 'POST', '/prompt/siri', {
      token,
      payload: { meetingId: ids.intro, userPrompt: 'And where is Sheila now, Texas?', history },
    });
    expect(parseStream(res).final?.notFound).toBe(false);
    const sent = server.requests.at(-1)?.body as { messages: ChatMessage[] };
    expect(sent.messages.map((m) => `${m.role}: ${m.content.split('\n')[0]}`)).toEqual([
      expect.stringMatching(/^system: You are Zai/),
      'user: Question 3',
      'assistant: Answer 3',
      'user: Question 4',
      'assistant: Answer 4',
      'user: Question 5',
      'assistant: Answer 5',
      'user: Meeting excerpts:',
    ]);
  });

  it('answers an expired key with the spec message as an error event', async () => {
    apiKey = 'expired-key';
    try {
      const { final, error } = await ask('Where is Sheila originally from?');
      expect(final).toBeUndefined();
      expect(error).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Chat Gpt Key is expired!',
      });
    } finally {
      apiKey = 'test-key';
    }
  });
});
