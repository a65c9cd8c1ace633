import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AiKitResponse, MeetingInsights, ScoreResult } from '@parley/contracts';
import { meetingInsights } from '../../platform/db/schema.js';
import { call, json } from '../../test/context.js';
import {
  ctx,
  newTranscribedMeeting,
  outsider,
  owner,
  seeker,
  useTranscriptsKit,
} from '../../test/transcripts-kit.js';

useTranscriptsKit();

const post = (token: string | undefined, p: string, payload: object = {}) =>
  call(ctx, 'POST', p, { ...(token ? { token } : {}), payload });

async function kit(token: string, p: string, payload: object = {}) {
  const res = await post(token, p, payload);
  expect(res.statusCode, res.body).toBe(200);
  return json<AiKitResponse>(res).data;
}

const RECORDING_SEC = 30;

describe('AI kit routes', () => {
  it('scores the HR categories on the stored transcript, every insight citing the recording', async () => {
    const id = await newTranscribedMeeting('kit-hr');
    const answer = await kit(owner, '/hr-analytics/kit-hr.wav');
    expect(answer.data.map((d) => d.promptName)).toEqual([
      'Alerts',
      'Technical',
      'Communication',
      'Behavioral',
    ]);
    const scores: Record<string, number> = {};
    for (const item of answer.data) {
      const r = item.result as ScoreResult;
      expect(r.score).toBeGreaterThanOrEqual(0);
      expect(r.score).toBeLessThanOrEqual(100);
      expect(r.insights.length).toBeGreaterThan(0);
      expect(item.citations.items).toHaveLength(r.insights.length);
      expect(item.citations.score.length).toBeGreaterThan(0);
      for (const c of [...item.citations.score, ...item.citations.items.flat()]) {
        expect(c.start).toBeGreaterThanOrEqual(0);
        expect(c.start).toBeLessThanOrEqual(RECORDING_SEC);
        expect(c.quote).toBeTruthy();
      }
      // The [HH:MM:SS] markers became citations; the text the page shows has none left.
      for (const text of r.insights) expect(text).not.toMatch(/\[\d{2}:\d{2}:\d{2}\]/);
      scores[item.promptName] = r.score;
    }
    expect(answer.overallScore).toBe(
      Math.round(
        ((scores.Technical ?? 0) + (scores.Communication ?? 0) + (scores.Behavioral ?? 0)) / 3,
      ),
    );

    // Stored for the meeting page, one row per prompt, with the server's threshold.
    const page = json<MeetingInsights>(
      await call(ctx, 'GET', `/text-analytics/meeting/${id}`, { token: owner }),
    );
    expect(page.data.map((d) => d.promptName).sort()).toEqual([
      'Alerts',
      'Behavioral',
      'Communication',
      'Technical',
    ]);
    expect(page.threshold).toBe(70);
    expect(page.overallScore).toBe(answer.overallScore);

    const again = await kit(owner, '/text-scores/kit-hr.wav');
    expect(again.data.map((d) => d.promptName)).toEqual([
      'Technical',
      'Communication',
      'Behavioral',
    ]);
    const rows = await ctx.database.db
      .select()
      .from(meetingInsights)
      .where(eq(meetingInsights.meetingId, id));
    expect(rows).toHaveLength(4);
  });

  it('analyses pasted text without touching what the meeting stored', async () => {
    const id = await newTranscribedMeeting('kit-text');
    const stored = await kit(owner, '/text-analytics/kit-text.wav');
    expect(stored.data.map((d) => d.promptName)).toEqual([
      'Action Items',
      'Summary',
      'Meeting Notes',
      'Key Questions',
      'Charisma',
      'Bias',
    ]);
    const summary = stored.data.find((d) => d.promptName === 'Summary');
    expect(Array.isArray(summary?.result) && summary.result.length).toBeGreaterThan(0);
    expect(summary?.citations.items.flat().length).toBeGreaterThan(0);

    const transcription = [
      '[00:00:05] speaker_00: Thanks for the demo today.',
      '[00:00:09] speaker_00: I will send you the contract by Friday.',
      '[00:00:14] speaker_01: Great. Could you also share the pricing sheet?',
      '[00:00:18] speaker_00: Sure, I will email the pricing sheet tomorrow.',
    ].join('\n');
    const pasted = await kit(owner, '/text-analytics/kit-text.wav', { transcription });
    const actions = pasted.data.find((d) => d.promptName === 'Action Items');
    expect(Array.isArray(actions?.result)).toBe(true);
    const lines = actions?.result as string[];
    expect(lines.some((l) => /contract/i.test(l))).toBe(true);
    const i = lines.findIndex((l) => /contract/i.test(l));
    expect(actions?.citations.items[i]?.[0]?.start).toBe(9);

    const page = json<MeetingInsights>(
      await call(ctx, 'GET', `/text-analytics/meeting/${id}`, { token: owner }),
    );
    const kept = page.data.find((d) => d.promptName === 'Action Items');
    expect(kept?.result).toEqual(stored.data.find((d) => d.promptName === 'Action Items')?.result);
  });

  it('refuses organisations without Zai Intelligence and hides other organisations’ meetings', async () => {
    const id = await newTranscribedMeeting('kit-gate');
    const refused = await post(outsider, '/hr-analytics/kit-gate.wav');
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe('No Zai Intelligence available');
    // The seeker's organisation has every feature: the answer is about tenancy.
    for (const p of [
      '/hr-analytics/kit-gate.wav',
      '/text-analytics/kit-gate.wav',
      '/public/kit-gate.wav',
    ]) {
      expect((await post(seeker, p, { access: 'Public' })).statusCode).toBe(404);
    }
    expect(
      (await call(ctx, 'GET', `/text-analytics/meeting/${id}`, { token: seeker })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, 'GET', '/sales-prompt/kit-gate.wav', { token: seeker })).statusCode,
    ).toBe(404);
  });

  it('serves a published analysis by its token only while it is Public', async () => {
    await newTranscribedMeeting('kit-public');
    const first = await post(owner, '/public/kit-public.wav', { access: 'Private' });
    expect(first.statusCode, first.body).toBe(201);
    const privateLink = json<{ token: string; access: string }>(first);
    expect(privateLink.access).toBe('Private');
    const hidden = await call(ctx, 'GET', `/text-analytics/public/${privateLink.token}`);
    expect(hidden.statusCode).toBe(404);

    const second = json<{ token: string } & AiKitResponse>(
      await post(owner, '/public/kit-public.wav', { access: 'Public' }),
    );
    const shown = await call(ctx, 'GET', `/text-analytics/public/${second.token}`);
    expect(shown.statusCode).toBe(200);
    const body = json<AiKitResponse>(shown);
    expect(body.data.data.map((d) => d.promptName)).toContain('Technical');
    expect(body.data.data).toEqual(second.data.data);
    // Publishing again replaced the earlier link.
    expect((await call(ctx, 'GET', `/text-analytics/public/${privateLink.token}`)).statusCode).toBe(
      404,
    );
    expect((await call(ctx, 'GET', '/text-analytics/public/not-a-token')).statusCode).toBe(404);
  });

  it('runs a named sales prompt and lists the stage’s prompts', async () => {
    const id = await newTranscribedMeeting('kit-sales');
    const listed = await call(ctx, 'GET', '/sales-prompt/kit-sales.wav', { token: owner });
    expect(json(listed)).toMatchObject({ prompts: [], data: { data: [] } });
    const answer = await kit(owner, '/sales-prompt/kit-sales.wav', {
      promptName: 'Customer Intent',
    });
    expect(answer.data.map((d) => d.promptName)).toEqual(['Customer Intent']);
    expect(Array.isArray(answer.data[0]?.result)).toBe(true);
    const after = await call(ctx, 'GET', '/sales-prompt/kit-sales.wav', { token: owner });
    expect(json<AiKitResponse>(after).data.data.map((d) => d.promptName)).toEqual([
      'Customer Intent',
    ]);
    const unknown = await post(owner, '/sales-prompt/kit-sales.wav', { promptName: 'Horoscope' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).message).toBe("Unknown sales prompt 'Horoscope'");
    expect(id).toBeTruthy();
  });
});
