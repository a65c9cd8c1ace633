import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import { standInResolver } from '../../test/ai-stand-in.js';
import type { AnswerInput } from './feedback-engine.js';
import { feedbackFromModel } from './zai-feedback.js';

/**
 * Feedback by a connected model (a real server speaking the OpenAI protocol): what it is
 * told, and how its answer is checked — answers and goals it was not asked about are
 * dropped, a yes/no goal keeps no rating, and a reply that is not the JSON asked for is null
 * (the built-in rules then answer).
 */
let reply = '';
let server: ProviderTestServer;
beforeAll(async () => {
  server = await startOpenAiServer({ reply: () => reply, models: ['gpt-4o-mini'] });
});
afterAll(async () => server?.close());

const answers: AnswerInput[] = [
  {
    question: 0,
    questionText: 'Tell me about a time you disagreed with your manager.',
    topic: 'behavioural',
    transcript:
      'at my last job my manager wanted to skip code review so i proposed a lighter review',
    moment: { start: 3, end: 40 },
  },
];
const goals = [
  { id: 'g-yes', kind: 'yes_no' as const, text: 'Use the STAR method' },
  { id: 'g-rate', kind: 'rating' as const, text: 'Sound confident' },
];

describe('mock interview feedback from a connected model', () => {
  it('keeps the parts it was asked for and tells the model the questions, answers and goals', async () => {
    reply = JSON.stringify({
      answers: [
        {
          question: 0,
          score: 61.6,
          strengths: ['Clear stance'],
          practiseNext: ['Give the result'],
        },
        { question: 7, score: 90, strengths: [], practiseNext: [] },
      ],
      betterAnswer: {
        question: 0,
        text: 'At my last job my manager wanted to skip code review before a release. I proposed a lighter review of [the riskiest changes]; we shipped on time and [result].',
      },
      goals: [
        { goalId: 'g-yes', met: true, rating: 8, reason: 'Situation, action and a partial result' },
        { goalId: 'g-rate', met: true, rating: 6, reason: 'Few hedges' },
      ],
    });
    const resolved = await standInResolver(server.url).providerFor('org');
    const out = await feedbackFromModel(resolved, 'Software engineer', answers, goals);
    expect(out).not.toBeNull();
    expect([...out!.answers.keys()]).toEqual([0]);
    expect(out!.answers.get(0)).toMatchObject({ score: 62, strengths: ['Clear stance'] });
    expect(out!.betterAnswer?.question).toBe(0);
    expect(out!.goals.get('g-yes')).toEqual({
      goalId: 'g-yes',
      met: true,
      rating: null,
      reason: 'Situation, action and a partial result',
    });
    expect(out!.goals.get('g-rate')).toMatchObject({ met: null, rating: 6 });
    const sent = JSON.stringify(server.requests.at(-1)?.body);
    for (const part of [
      'Software engineer',
      'disagreed with your manager',
      'skip code review',
      'g-yes',
      'Sound confident',
    ]) {
      expect(sent).toContain(part);
    }
  });

  it('is null when the reply is not the JSON asked for', async () => {
    reply = 'Great job! You did really well overall.';
    const resolved = await standInResolver(server.url).providerFor('org');
    expect(await feedbackFromModel(resolved, 'Software engineer', answers, goals)).toBeNull();
  });
});
