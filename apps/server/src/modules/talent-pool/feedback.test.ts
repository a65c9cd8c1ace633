import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEEDBACK_MESSAGES as F,
  GOAL_LIMITS,
  TALENT_PROFILE_MESSAGES as M,
  type MockFeedback,
  type MockFinishResult,
  type MockInterview,
  type MockRunStart,
  type PracticeGoal,
} from '@parley/contracts';
import { organizations } from '../../platform/db/schema.js';
import {
  SPEECH,
  interviewRecording,
  interviewSetup,
  shortAnswer,
} from '../../test/mock-run-kit.js';
import { call, json, signUp, type TestContext } from '../../test/context.js';
import { analysisSettled, createMediaContext, waitFor } from '../../test/media.js';

/**
 * Feedback on a mock interview (issue 19 item 6) through the API: a new seeker's finished
 * interview is analysed without a manual step, its meeting's analysis moves it to analysed
 * and writes per-answer feedback resting on the answers' moments, and the seeker's goals are
 * scored on it. Only the owner reads any of it.
 */

let ctx: TestContext & { mediaDir: string };
beforeAll(async () => {
  ctx = await createMediaContext({
    env: { ANALYSIS_RETRY_LIMIT: '1', ANALYSIS_RETRY_DELAY_SECONDS: '0' },
  });
}, 60_000);
afterAll(async () => ctx?.close());

const setup = interviewSetup();

const recording = interviewRecording;

function raw(
  url: string,
  token: string,
  body: Buffer,
  type: string,
  method: 'PUT' | 'POST' = 'POST',
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    payload: body,
  });
}

describe('practice goals', () => {
  it('are the seeker’s own to add, change, list and delete, within limits', async () => {
    const me = await signUp(ctx, 'goal-setter@example.com', { accountType: 'individual' });
    const other = await signUp(ctx, 'goal-peeker@example.com', { accountType: 'individual' });
    const token = me.accessToken;

    const bad = await call(ctx, 'POST', '/b2c/practice-goals', {
      token,
      payload: { kind: 'rating', text: 'x' },
    });
    expect(bad.statusCode).toBe(400);

    const created = await call(ctx, 'POST', '/b2c/practice-goals', {
      token,
      payload: { kind: 'yes_no', text: 'Give a number in every answer' },
    });
    expect(created.statusCode).toBe(201);
    const goal = json<PracticeGoal>(created);
    expect(goal).toMatchObject({ kind: 'yes_no', text: 'Give a number in every answer' });

    const changed = json<PracticeGoal>(
      await call(ctx, 'PUT', `/b2c/practice-goals/${goal.id}`, {
        token,
        payload: { kind: 'rating', text: 'Quantify my impact' },
      }),
    );
    expect(changed).toMatchObject({ id: goal.id, kind: 'rating', text: 'Quantify my impact' });

    // Another seeker sees none of it, and cannot change or delete it.
    const theirs = json<{ data: PracticeGoal[] }>(
      await call(ctx, 'GET', '/b2c/practice-goals', { token: other.accessToken }),
    );
    expect(theirs.data).toEqual([]);
    for (const res of [
      await call(ctx, 'PUT', `/b2c/practice-goals/${goal.id}`, {
        token: other.accessToken,
        payload: { kind: 'yes_no', text: 'Hijacked goal' },
      }),
      await call(ctx, 'DELETE', `/b2c/practice-goals/${goal.id}`, { token: other.accessToken }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json<{ message: string }>(res).message).toBe(F.goalNotFound);
    }

    for (let i = 1; i < GOAL_LIMITS.max; i += 1) {
      await call(ctx, 'POST', '/b2c/practice-goals', {
        token,
        payload: { kind: 'rating', text: `Goal number ${i}` },
      });
    }
    const tooMany = await call(ctx, 'POST', '/b2c/practice-goals', {
      token,
      payload: { kind: 'rating', text: 'One goal too many' },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(json<{ message: string }>(tooMany).message).toBe(F.tooManyGoals);

    const deleted = await call(ctx, 'DELETE', `/b2c/practice-goals/${goal.id}`, { token });
    expect(deleted.statusCode).toBe(200);
    const mine = json<{ data: PracticeGoal[] }>(
      await call(ctx, 'GET', '/b2c/practice-goals', { token }),
    );
    expect(mine.data).toHaveLength(GOAL_LIMITS.max - 1);
    expect(mine.data.map((g) => g.id)).not.toContain(goal.id);
  });
});

describe('feedback on a mock interview', () => {
  it('a new seeker’s interview is analysed, moves to analysed and gets feedback on each answer and goal', async () => {
    const seeker = await signUp(ctx, 'first-practice@example.com', { accountType: 'individual' });
    const token = seeker.accessToken;
    // The pool has no plan: without one the analysis would wait ("No Active Plan").
    await ctx.database.db
      .update(organizations)
      .set({ planId: null })
      .where(eq(organizations.id, seeker.user.organizationId));

    await call(ctx, 'POST', '/b2c/practice-goals', {
      token,
      payload: { kind: 'yes_no', text: 'Give a number in every answer' },
    });
    await call(ctx, 'POST', '/b2c/practice-goals', {
      token,
      payload: { kind: 'rating', text: 'Avoid filler words' },
    });

    const interview = json<MockInterview>(
      await call(ctx, 'POST', '/b2c/mock-interview', { token, payload: setup }),
    );
    const base = `/b2c/mock-interview/${interview.id}`;
    json<MockRunStart>(await call(ctx, 'POST', `${base}/start`, { token }));

    // Before the end there is no feedback, and the page is told why.
    const early = json<MockFeedback>(await call(ctx, 'GET', `${base}/feedback`, { token }));
    expect(early).toMatchObject({ state: 'in_progress', feedback: null });

    const video = recording();
    const half = Math.ceil(video.length / 2);
    for (const [i, slice] of [video.subarray(0, half), video.subarray(half)].entries()) {
      expect(
        (await raw(`${base}/chunk?index=${i}`, token, slice, 'video/webm', 'PUT')).statusCode,
      ).toBe(200);
    }
    const spoken = await raw(
      `${base}/answer?question=0&startMs=500&endMs=4500`,
      token,
      readFileSync(path.join(SPEECH, 'fleurs-en-002.ogg')),
      'audio/ogg',
    );
    expect(spoken.statusCode).toBe(200);
    const said = json<{ transcript: string }>(spoken).transcript;
    // The follow-up is skipped (its answer would extend the moment); then a one-second answer.
    expect(
      (
        await raw(
          `${base}/answer?question=1&startMs=5000&endMs=6200`,
          token,
          shortAnswer(),
          'audio/webm',
        )
      ).statusCode,
    ).toBe(200);

    const finished = json<MockFinishResult>(
      await call(ctx, 'POST', `${base}/finish`, { token, payload: { endedEarly: true } }),
    );
    expect(finished.queued).toBe(true);
    // The whole pipeline runs (speech, faces, physiology, prompts): slow on a busy machine.
    const settled = await analysisSettled(ctx, token, finished.meetingId, { timeoutMs: 420_000 });
    expect(settled.inferenceStatus).toBe('processed');

    const done = await waitFor(
      async () => {
        const f = json<MockFeedback>(await call(ctx, 'GET', `${base}/feedback`, { token }));
        return f.feedback ? f : undefined;
      },
      30_000,
      'the feedback',
    );
    expect(done).toMatchObject({
      state: 'analysed',
      meetingId: finished.meetingId,
      analysisStatus: 'processed',
    });
    const fb = done.feedback!;
    expect(fb.by).toBe('built-in');
    expect(fb.answers.map((a) => a.question)).toEqual([0, 1]);
    const [first, second] = fb.answers;
    expect(first).toMatchObject({
      questionText: interview.questions[0]!.text,
      transcript: said,
      moment: { start: 0.5, end: 4.5 },
    });
    expect(first!.signals.length).toBeGreaterThan(0);
    // One second of speech is not enough to judge.
    expect(second).toMatchObject({ score: null, moment: { start: 5, end: 6.2 } });
    expect(second!.signals).toContain(F.notEnoughSignal);
    // The better answer is for the weakest answer that could be judged: the second could not.
    expect(fb.betterAnswer?.question).toBe(0);
    expect(fb.betterAnswer?.text.length).toBeGreaterThan(50);
    expect(fb.goals.map((g) => [g.text, g.kind])).toEqual([
      ['Give a number in every answer', 'yes_no'],
      ['Avoid filler words', 'rating'],
    ]);
    for (const g of fb.goals) expect(g.reason.length).toBeGreaterThan(5);

    const list = json<{ data: MockInterview[] }>(
      await call(ctx, 'GET', '/b2c/user/get/mock-interviews', { token }),
    );
    expect(list.data.find((i) => i.id === interview.id)?.state).toBe('analysed');

    // Only the owner reads it.
    const other = await signUp(ctx, 'feedback-peeker@example.com', { accountType: 'individual' });
    const peek = await call(ctx, 'GET', `${base}/feedback`, { token: other.accessToken });
    expect(peek.statusCode).toBe(404);
    expect(json<{ message: string }>(peek).message).toBe(M.mockInterviewNotFound);
  }, 720_000);
});
