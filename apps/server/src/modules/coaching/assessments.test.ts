import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  COACHING_MESSAGES as C,
  type Attempt,
  type CoachingItem,
  type Quiz,
  type QuizWithKey,
} from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, expectRefusal, json } from '../../test/context.js';
import { users } from '../../platform/db/schema.js';
import { grantBundle } from '../../test/plans-kit.js';
import { processedMeeting } from '../../test/workbench-kit.js';

let acmeVideo: string;
let defaultVideo: string;

const who = useSignedInApp(
  ['admin', 'poc', 'manager', 'rep', 'outsider'],
  async ({ ctx: app, who: w }) => {
    await grantBundle(app, w.outsider.user.organizationId, 'Sales Suite');
    acmeVideo = await processedMeeting(app, w.poc.user.organizationId, w.poc.user.id, 'Cold call');
    defaultVideo = await processedMeeting(
      app,
      w.admin.user.organizationId,
      w.admin.user.id,
      'Opening lines',
    );
  },
);

const post = (token: string, path: string, payload: unknown) =>
  call(ctx, 'POST', path, { token, payload });

/** Two questions: one single choice, one multiple choice. */
const QUESTIONS = [
  {
    text: 'What opens a cold call?',
    kind: 'single',
    options: [
      { text: 'A reason for calling', correct: true },
      { text: 'The price', correct: false },
    ],
    moment: { start: 2, end: 6 },
  },
  {
    text: 'Which are discovery questions?',
    kind: 'multiple',
    options: [
      { text: 'What is your current process?', correct: true },
      { text: 'Can I send the contract?', correct: false },
      { text: 'Who else is involved?', correct: true },
    ],
  },
];

describe('training videos', () => {
  it('turns a completed upload into a training video, kept out of the meeting lists', async () => {
    const closed = await post(who.poc.accessToken, '/meeting/Admin/coaching', {
      fileName: 'Cold call.wav',
      title: 'Cold call basics',
      stage: 'discovery_stage',
    });
    expectRefusal(closed, 400, C.stageClosed);
    const res = await post(who.poc.accessToken, '/meeting/Admin/coaching', {
      fileName: 'Cold call.wav',
      title: 'Cold call basics',
      stage: 'prospecting_stage',
    });
    expect(res.statusCode).toBe(201);
    expect(json<CoachingItem>(res)).toMatchObject({
      type: 'video',
      meetingId: acmeVideo,
      isDefault: false,
      video: { meetingName: 'Cold call', duration: 30, hasQuiz: false },
    });
    const again = await post(who.poc.accessToken, '/meeting/Admin/coaching', {
      fileName: 'Cold call.wav',
      title: 'Twice',
      stage: 'prospecting_stage',
    });
    expectRefusal(again, 409, C.videoExists);
    const library = json<{ data: { id: string }[] }>(
      await call(ctx, 'GET', '/meeting/user', { token: who.poc.accessToken }),
    );
    expect(library.data.map((m) => m.id)).not.toContain(acmeVideo);

    const byDefault = await post(who.admin.accessToken, '/meeting/superAdmin/coaching', {
      fileName: 'Opening lines.wav',
      title: 'Opening lines',
      stage: 'prospecting_stage',
    });
    expect(json<CoachingItem>(byDefault)).toMatchObject({
      isDefault: true,
      meetingId: defaultVideo,
    });
    // Someone else's upload is not found: the file name is looked up among the caller's own.
    const notMine = await post(who.poc.accessToken, '/meeting/Admin/coaching', {
      fileName: 'Opening lines.wav',
      title: 'Taken',
      stage: 'prospecting_stage',
    });
    expectRefusal(notMine, 404, C.videoNotFound);
  });

  it('lets learners read a training video’s transcript, and no other meeting’s', async () => {
    const words = async (token: string, meetingId: string) => {
      const res = await call(ctx, 'GET', `/transcription/${meetingId}`, { token });
      return res.statusCode === 200
        ? json<{ wordToWordTimestamps: unknown[] }>(res).wordToWordTimestamps.length
        : res.statusCode;
    };
    // The rep cannot see the point of contact's meetings, but learns from their training video.
    expect(await words(who.rep.accessToken, acmeVideo)).toBeGreaterThan(0);
    expect(await words(who.rep.accessToken, defaultVideo)).toBeGreaterThan(0);
    // Another organisation's learner, with transcripts in their plan, gets nothing of Acme's.
    await grantBundle(ctx, who.outsider.user.organizationId, 'Essentials');
    expect(await words(who.outsider.accessToken, acmeVideo)).toBe(404);
    expect(await words(who.outsider.accessToken, defaultVideo)).toBeGreaterThan(0);
    const plain = await processedMeeting(
      ctx,
      who.poc.user.organizationId,
      who.poc.user.id,
      'Pricing',
    );
    expect(await words(who.rep.accessToken, plain)).toBe(404);
  });
});

describe('quizzes and assessments', () => {
  let quizId: string;

  it('keeps the answer key on the server', async () => {
    const twoRight = await post(who.poc.accessToken, '/coaching/quiz/admin/create', {
      meetingId: acmeVideo,
      questions: [
        { ...QUESTIONS[0], options: QUESTIONS[0]?.options.map((o) => ({ ...o, correct: true })) },
      ],
    });
    expect(twoRight.statusCode).toBe(400);
    const created = await post(who.poc.accessToken, '/coaching/quiz/admin/create', {
      meetingId: acmeVideo,
      title: 'Cold call check',
      questions: QUESTIONS,
    });
    expect(created.statusCode).toBe(201);
    const authored = json<QuizWithKey>(created);
    expect(authored.questions.map((q) => q.correct)).toEqual([['q1o1'], ['q2o1', 'q2o3']]);
    quizId = authored.id;
    const duplicate = await post(who.poc.accessToken, '/coaching/quiz/admin/create', {
      meetingId: acmeVideo,
      questions: QUESTIONS,
    });
    expectRefusal(duplicate, 409, C.quizExists);

    const learner = await post(who.rep.accessToken, '/quiz/fetch', { meetingId: acmeVideo });
    expect(learner.statusCode).toBe(200);
    // Nothing in the learner's answer says which option is right.
    expect(learner.body).not.toMatch(/correct/i);
    const quiz = json<Quiz>(learner);
    expect(quiz).toMatchObject({ id: quizId, title: 'Cold call check' });
    expect(quiz.questions[0]).toEqual({
      id: 'q1',
      text: 'What opens a cold call?',
      kind: 'single',
      options: [
        { id: 'q1o1', text: 'A reason for calling' },
        { id: 'q1o2', text: 'The price' },
      ],
      moment: { start: 2, end: 6 },
    });
    // The key is for authors only.
    const asRep = await post(who.rep.accessToken, '/coaching/quiz/admin/fetch', {
      meetingId: acmeVideo,
    });
    expect(asRep.statusCode).toBe(403);
    // Another organisation's video and quiz are not found.
    const outsider = await post(who.outsider.accessToken, '/quiz/fetch', { meetingId: acmeVideo });
    expectRefusal(outsider, 404, C.videoNotFound);
    const outsiderAttempt = await call(ctx, 'GET', `/assessments/attempt/${quizId}`, {
      token: who.outsider.accessToken,
    });
    expectRefusal(outsiderAttempt, 404, C.quizNotFound);
  });

  it('scores an attempt on the server, fixes it on submit, and starts a new one after', async () => {
    const get = (path: string) => call(ctx, 'GET', path, { token: who.rep.accessToken });
    const patch = (id: string, payload: unknown) =>
      call(ctx, 'PATCH', `/assessments/attempt/${id}`, { token: who.rep.accessToken, payload });

    const first = json<Attempt>(await get(`/assessments/attempt/${quizId}`));
    expect(first).toMatchObject({
      status: 'in_progress',
      userAnswers: {},
      score: null,
      questionCount: 2,
    });
    expect(json<Attempt>(await get(`/assessments/attempt/${quizId}`)).id).toBe(first.id);

    expectRefusal(
      await patch(first.id, { questionId: 'q9', answers: [] }),
      400,
      C.questionNotFound,
    );
    expectRefusal(
      await patch(first.id, { questionId: 'q1', answers: ['q2o1'] }),
      400,
      C.answerNotAnOption,
    );
    expectRefusal(
      await patch(first.id, { questionId: 'q1', answers: ['q1o1', 'q1o2'] }),
      400,
      C.singleChoice,
    );
    await patch(first.id, { questionId: 'q1', answers: ['q1o1'] });
    // Half of the multiple-choice key is a wrong answer.
    const saved = json<Attempt>(await patch(first.id, { questionId: 'q2', answers: ['q2o1'] }));
    expect(saved.userAnswers).toEqual({ q1: ['q1o1'], q2: ['q2o1'] });

    const outsiderPatch = await call(ctx, 'PATCH', `/assessments/attempt/${first.id}`, {
      token: who.outsider.accessToken,
      payload: { questionId: 'q1', answers: ['q1o2'] },
    });
    expectRefusal(outsiderPatch, 404, C.attemptNotFound);
    const managerSubmit = await call(ctx, 'GET', `/assessments/submit/${first.id}`, {
      token: who.manager.accessToken,
    });
    expectRefusal(managerSubmit, 404, C.attemptNotFound);

    const submitted = json<Attempt>(await get(`/assessments/submit/${first.id}`));
    expect(submitted).toMatchObject({ status: 'completed', score: 50, correctCount: 1 });
    expectRefusal(
      await patch(first.id, { questionId: 'q2', answers: ['q2o1', 'q2o3'] }),
      409,
      C.attemptCompleted,
    );
    expect(json<Attempt>(await get(`/assessments/submit/${first.id}`)).score).toBe(50);

    const second = json<Attempt>(await get(`/assessments/attempt/${quizId}`));
    expect(second.id).not.toBe(first.id);
    await patch(second.id, { questionId: 'q1', answers: ['q1o1'] });
    await patch(second.id, { questionId: 'q2', answers: ['q2o3', 'q2o1'] });
    expect(json<Attempt>(await get(`/assessments/submit/${second.id}`)).score).toBe(100);
  });

  it('lets every organisation take a default video’s quiz', async () => {
    const created = await post(who.admin.accessToken, '/coaching/quiz/superAdmin/create', {
      meetingId: defaultVideo,
      questions: QUESTIONS.slice(0, 1),
    });
    expect(created.statusCode).toBe(201);
    const quiz = json<Quiz>(
      await post(who.outsider.accessToken, '/quiz/fetch', { meetingId: defaultVideo }),
    );
    expect(quiz.isDefault).toBe(true);
    const attempt = await call(ctx, 'GET', `/assessments/attempt/${quiz.id}`, {
      token: who.outsider.accessToken,
    });
    expect(json<Attempt>(attempt).status).toBe('in_progress');
    // Only the super admin deletes a default quiz.
    const pocDelete = await post(who.poc.accessToken, '/quiz/delete', { meetingId: defaultVideo });
    expectRefusal(pocDelete, 404, C.videoNotFound);
  });
});

describe('progress', () => {
  it('records where the learner stopped, resumes there, and keeps the furthest point', async () => {
    const save = (watchedDuration: number, extra: Record<string, unknown> = {}) =>
      post(who.rep.accessToken, '/coaching/progress', {
        stage: 'prospecting_stage',
        meetingId: acmeVideo,
        watchedDuration,
        totalDuration: 30,
        ...extra,
      });
    expect(json(await save(24))).toMatchObject({ watchedDuration: 24, watchedShare: 0.8 });
    const back = json(await save(9, { quizScore: 100 }));
    // The score kept is the server's latest (100, the second attempt), never the body's.
    expect(back).toMatchObject({
      watchedDuration: 9,
      furthestDuration: 24,
      quizScore: 100,
      attempts: 2,
    });
    expect((await save(31)).statusCode).toBe(400);

    const mine = json<{ stages: { stage: string }[]; videos: { watchedDuration: number }[] }>(
      await call(ctx, 'GET', '/coaching/progress?stage=prospecting_stage', {
        token: who.rep.accessToken,
      }),
    );
    expect(mine.videos.map((v) => v.watchedDuration)).toEqual([9]);
    // Two videos in the stage (Acme's and the default); one watched to 24 of 30 s.
    expect(mine.stages).toEqual([
      {
        stage: 'prospecting_stage',
        videos: 2,
        videosStarted: 1,
        watchedShare: 0.4,
        quizScore: 100,
        attempts: 2,
      },
    ]);
    const outsider = await post(who.outsider.accessToken, '/coaching/progress', {
      stage: 'prospecting_stage',
      meetingId: acmeVideo,
      watchedDuration: 1,
      totalDuration: 30,
    });
    expectRefusal(outsider, 404, C.videoNotFound);
  });

  it('shows the manager each person’s progress, and who has not started', async () => {
    const team = (token: string, search = '') =>
      call(ctx, 'POST', `/query/progress${search ? `?search=${search}` : ''}`, {
        token,
        payload: { stage: 'prospecting_stage' },
      });
    const res = json<{
      data: { email: string; started: boolean; stages: { watchedShare: number }[] }[];
    }>(await team(who.manager.accessToken));
    expect(res.data.map((p) => [p.email, p.started, p.stages[0]?.watchedShare])).toEqual([
      ['manager@acme.parley.local', false, 0],
      ['rep@acme.parley.local', true, 0.4],
    ]);
    const searched = json<{ data: { email: string }[] }>(await team(who.poc.accessToken, 'remy'));
    expect(searched.data.map((p) => p.email)).toEqual(['rep@acme.parley.local']);
    expect((await team(who.rep.accessToken)).statusCode).toBe(403);
    // The outsider's team is their own organisation's: nobody from Acme.
    const elsewhere = json<{ data: { email: string }[] }>(await team(who.outsider.accessToken));
    expect(elsewhere.data.map((p) => p.email)).not.toContain('rep@acme.parley.local');
  });

  it('gives a sales manager the reps who report to them; the point of contact everyone', async () => {
    const emails = async (token: string) =>
      json<{ data: { email: string }[] }>(
        await call(ctx, 'POST', '/query/progress', { token, payload: {} }),
      ).data.map((p) => p.email);
    const rep = eq(users.id, who.rep.user.id);
    await ctx.database.db.update(users).set({ salesManagerId: null }).where(rep);
    try {
      expect(await emails(who.manager.accessToken)).toEqual(['manager@acme.parley.local']);
      expect(await emails(who.poc.accessToken)).toContain('rep@acme.parley.local');
    } finally {
      await ctx.database.db.update(users).set({ salesManagerId: who.manager.user.id }).where(rep);
    }
    expect(await emails(who.manager.accessToken)).toContain('rep@acme.parley.local');
  });
});
