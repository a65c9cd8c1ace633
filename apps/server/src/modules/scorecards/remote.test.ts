import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiServer, type ProviderTestServer } from '@parley/ai/testing';
import type { Job, ScorecardView } from '@parley/contracts';
import { standInResolver } from '../../test/ai-stand-in.js';
import { call, createTestContext, json, signIn, type TestContext } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';

/**
 * Zai's draft by a connected model (a real server speaking the OpenAI protocol): its answer
 * cites one moment the transcript holds, one past the end of the 30 s recording and one with
 * words nobody said; only the first is kept. A model that fails leaves the tab usable.
 */
const rubric = ['1', '2', '3', '4', '5'];
const KIT = [
  { name: 'Music', description: 'Plays music', questions: [], rubric },
  { name: 'Leadership', description: 'Leads a team', questions: [], rubric },
];
let failing = false;
const ANSWER = JSON.stringify({
  summary: 'Talks about friends who play.',
  competencies: [
    {
      competency: 'Music',
      discussed: true,
      rating: 4,
      notes: 'Friends who play.',
      evidence: [
        { start: 21.8, end: 27.7, quote: "i've had friends that play" },
        { start: 95, end: 99, quote: 'opera' },
      ],
    },
    {
      competency: 'Leadership',
      discussed: true,
      rating: 5,
      notes: 'Led a team.',
      evidence: [{ start: 10, end: 12, quote: 'I led a team of twelve engineers' }],
    },
  ],
});

let ctx: TestContext;
let server: ProviderTestServer;
let token = '';
let meetingId = '';

beforeAll(async () => {
  server = await startOpenAiServer({
    reply: () => (failing ? 'not json' : ANSWER),
    models: ['gpt-4o-mini'],
  });
  ctx = await createTestContext({ ai: standInResolver(server.url) });
  const user = await signIn(ctx, 'user@acme.parley.local');
  token = user.accessToken;
  const { organizationId, id } = user.user;
  await grantInterviewIntelligence(ctx, organizationId);
  meetingId = await insertMeeting(ctx, organizationId, id, 'remote-scorecard');
  await saveTranscript(ctx, meetingId, organizationId);
  const job = json<Job>(
    await call(ctx, 'POST', '/job', {
      token,
      payload: { title: 'Band leader', competencies: KIT },
    }),
  );
  const set = await call(ctx, 'PUT', `/meeting/interview/${meetingId}`, {
    token,
    payload: { jobId: job.id, round: 1 },
  });
  expect(set.statusCode).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
  await server?.close();
});

describe("a connected model's scorecard draft", () => {
  it('keeps only the moments inside the recording that the transcript holds', async () => {
    const res = await call(ctx, 'GET', `/scorecard/${meetingId}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    const draft = json<ScorecardView>(res).draft;
    expect(draft).toMatchObject({ provider: 'openai', summary: 'Talks about friends who play.' });
    const [music, leadership] = draft?.ratings ?? [];
    expect(music).toMatchObject({ competency: 'Music', rating: 4, discussed: true });
    expect(music?.evidence).toEqual([
      { start: 21.79, end: 27.79, speaker: 'Speaker 2', quote: "i've had friends that play" },
    ]);
    expect(leadership).toMatchObject({ rating: null, discussed: false, evidence: [] });
  });

  it('drafts no rating from an answer that is not JSON', async () => {
    failing = true;
    const res = await call(ctx, 'POST', `/scorecard/${meetingId}/draft`, { token });
    failing = false;
    // Prose instead of JSON: every competency not discussed, nothing invented.
    expect(res.statusCode, res.body).toBe(200);
    expect(
      json<{ ratings: { rating: number | null }[] }>(res).ratings.every((r) => r.rating === null),
    ).toBe(true);
  });
});
