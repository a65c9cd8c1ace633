import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MOCK_RUN_LIMITS,
  MOCK_RUN_MESSAGES as R,
  TALENT_PROFILE_MESSAGES as M,
  type Meeting,
  type MockAnswerResult,
  type MockFinishResult,
  type MockInterview,
  type MockRunStart,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { plans, users } from '../../platform/db/schema.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import {
  SPEECH,
  interviewRecording,
  interviewSetup,
  shortAnswer,
} from '../../test/mock-run-kit.js';
import { call, json, signIn, signUp } from '../../test/context.js';
import { followUpReason } from './follow-up.js';

// An API process only, as in production's ROLE=api: what is asked of finishing is that it
// queues the analysis (feedback.test.ts runs one to the end). A worker here would run the
// whole pipeline on the recording in the background, for nothing this file reads.
useTestApp(undefined, { env: { ROLE: 'api' } });

const recording = interviewRecording;

const setup = interviewSetup();

function raw(
  method: 'PUT' | 'POST',
  url: string,
  token: string,
  body: Buffer,
  type = 'video/webm',
) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    payload: body,
  });
}

/** The seeker's own credits (they buy them, spec 3 §7): analysis is charged by duration. */
async function giveCredits(email: string): Promise<void> {
  const db = ctx.database.db;
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (user!.planId) {
    await db.update(plans).set({ remainingCredits: 1000 }).where(eq(plans.id, user!.planId));
    return;
  }
  const [plan] = await db
    .insert(plans)
    .values({
      organizationId: user!.organizationId,
      name: 'Seeker credits',
      remainingCredits: 1000,
      requestedBy: user!.id,
    })
    .returning();
  await db.update(users).set({ planId: plan!.id }).where(eq(users.id, user!.id));
}

async function newInterview(token: string): Promise<MockInterview> {
  return json<MockInterview>(
    await call(ctx, 'POST', '/b2c/mock-interview', { token, payload: setup }),
  );
}

describe('running a mock interview', () => {
  it('records in ordered, idempotent slices, asks a follow-up after a short answer, and finishing queues the analysis', async () => {
    const seeker = await signIn(ctx, 'seeker@parley.local');
    await giveCredits('seeker@parley.local');
    const token = seeker.accessToken;
    const interview = await newInterview(token);
    const base = `/b2c/mock-interview/${interview.id}`;

    // Nothing is taken before the interview starts.
    const early = await raw('PUT', `${base}/chunk?index=0`, token, Buffer.from('x'));
    expect(early.statusCode).toBe(409);
    expect(json<{ message: string }>(early).message).toBe(R.notStarted);

    const start = json<MockRunStart>(await call(ctx, 'POST', `${base}/start`, { token }));
    expect(start).toMatchObject({ interviewId: interview.id, nextChunk: 0, answered: [] });
    // Starting again (the tab reopened) is the same run and the same meeting.
    const again = json<MockRunStart>(await call(ctx, 'POST', `${base}/start`, { token }));
    expect(again.meetingId).toBe(start.meetingId);

    const video = recording();
    const third = Math.ceil(video.length / 3);
    const slices = [0, 1, 2].map((i) => video.subarray(i * third, (i + 1) * third));

    // A slice ahead of the next one is refused with the index it needs.
    const ahead = await raw('PUT', `${base}/chunk?index=1`, token, slices[1]!);
    expect(ahead.statusCode).toBe(409);
    expect(json<{ message: string }>(ahead).message).toBe(R.chunkOutOfOrder(0));

    let sent = 0;
    for (const i of [0, 0, 1, 2, 1]) {
      const res = await raw('PUT', `${base}/chunk?index=${i}`, token, slices[i]!);
      expect(res.statusCode).toBe(200);
      sent = Math.max(sent, i + 1);
      expect(json<{ nextChunk: number; bytes: number }>(res)).toEqual({
        nextChunk: sent,
        bytes: slices.slice(0, sent).reduce((n, s) => n + s.length, 0),
      });
    }

    const tooBig = await raw(
      'PUT',
      `${base}/chunk?index=3`,
      token,
      Buffer.alloc(MOCK_RUN_LIMITS.chunkMaxBytes + 1),
    );
    expect(tooBig.statusCode).toBe(413);
    expect(json<{ message: string }>(tooBig).message).toBe(R.chunkTooLarge);

    // A one-second answer is short: the avatar asks for more on the same question.
    const short = json<MockAnswerResult>(
      await raw('POST', `${base}/answer?question=0`, token, shortAnswer(), 'audio/webm'),
    );
    expect(short.reason).toBe('short');
    expect(short.next).toMatchObject({ kind: 'follow-up', index: 0 });
    expect(short.next.text).toMatch(/more detail|say more/);

    // The follow-up's answer never earns another: the next question comes.
    const afterFollowUp = json<MockAnswerResult>(
      await raw('POST', `${base}/answer?question=0&followUp=1`, token, shortAnswer(), 'audio/webm'),
    );
    expect(afterFollowUp.reason).toBeNull();
    expect(afterFollowUp.next).toEqual({
      kind: 'question',
      index: 1,
      text: interview.questions[1]!.text,
    });

    // A real spoken answer: the decision is the documented rule applied to what was heard.
    const spoken = json<MockAnswerResult>(
      await raw(
        'POST',
        `${base}/answer?question=2`,
        token,
        readFileSync(path.join(SPEECH, 'fleurs-en-002.ogg')),
        'audio/ogg',
      ),
    );
    expect(spoken.words).toBeGreaterThan(5);
    expect(spoken.reason).toBe(followUpReason(spoken.transcript));
    if (!spoken.reason) expect(spoken.next).toEqual({ kind: 'done', index: 3, text: '' });

    const wrong = await raw(
      'POST',
      `${base}/answer?question=3`,
      token,
      shortAnswer(),
      'audio/webm',
    );
    expect(wrong.statusCode).toBe(400);
    expect(json<{ message: string }>(wrong).message).toBe(R.noQuestion);

    const finished = json<MockFinishResult>(
      await call(ctx, 'POST', `${base}/finish`, { token, payload: { endedEarly: false } }),
    );
    expect(finished).toEqual({ meetingId: start.meetingId, queued: true, message: R.analysing });
    const meeting = json<Meeting>(
      await call(ctx, 'GET', `/meeting/${finished.meetingId}`, { token }),
    );
    expect(meeting.meetingName).toBe('Mock interview: Software engineer at Google');
    expect(['queued', 'analysing', 'processed']).toContain(meeting.inferenceStatus);
    expect(meeting.sizeBytes).toBeGreaterThan(0);

    const after = json<MockInterview>(await call(ctx, 'GET', base, { token }));
    expect(after.state).toBe('submitted');
    // Finishing twice answers the same meeting; no more slices are taken.
    const twice = json<MockFinishResult>(
      await call(ctx, 'POST', `${base}/finish`, { token, payload: {} }),
    );
    expect(twice.meetingId).toBe(start.meetingId);
    const late = await raw('PUT', `${base}/chunk?index=3`, token, slices[0]!);
    expect(late.statusCode).toBe(409);
    expect(json<{ message: string }>(late).message).toBe(R.alreadyFinished);
  }, 180_000);

  it('is the owner’s alone: another seeker reads it as not found', async () => {
    const seeker = await signIn(ctx, 'seeker@parley.local');
    const interview = await newInterview(seeker.accessToken);
    const base = `/b2c/mock-interview/${interview.id}`;
    await call(ctx, 'POST', `${base}/start`, { token: seeker.accessToken });

    const other = await signUp(ctx, 'other-runner@example.com', { accountType: 'individual' });
    for (const res of [
      await call(ctx, 'POST', `${base}/start`, { token: other.accessToken }),
      await raw('PUT', `${base}/chunk?index=0`, other.accessToken, Buffer.from('slice')),
      await raw('POST', `${base}/answer?question=0`, other.accessToken, shortAnswer()),
      await call(ctx, 'POST', `${base}/finish`, { token: other.accessToken, payload: {} }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(json<{ message: string }>(res).message).toBe(M.mockInterviewNotFound);
    }
    // Finishing with nothing recorded is refused with the reason.
    const empty = await call(ctx, 'POST', `${base}/finish`, {
      token: seeker.accessToken,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(json<{ message: string }>(empty).message).toBe(R.nothingRecorded);
  }, 60_000);
});
