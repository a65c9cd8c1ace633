import { beforeAll, describe, expect, it } from 'vitest';
import {
  TALENT_POOL_ONLY,
  TALENT_PROFILE_MESSAGES as M,
  TALENT_PROGRESS_MESSAGES as P,
  type MockInterview,
  type PracticeAnalysis,
  type PracticeMeeting,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { meetingInsights, mockInterviews } from '../../platform/db/schema.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, expectRefusal, json, signIn, signUp, type SignedIn } from '../../test/context.js';
import { insertMeeting } from '../../test/transcripts-kit.js';
import { searchTextOf } from '../meetings/index.js';
import { SKILL_SUGGESTIONS } from './progress.js';

/**
 * A seeker's practice through the API: two analysed practices in two months of last year and
 * three unscored ones in the last three weeks; another seeker's practices in the same months
 * never count for them, and an organisation's member has no practice routes at all.
 */
useTestApp();

const DAY_MS = 24 * 3600 * 1000;
let seeker: SignedIn;
let other: SignedIn;
let lastYear: number;
const ids: Record<string, string> = {};

async function scored(owner: SignedIn, meetingId: string, s: [number, number, number]) {
  const names = ['Technical', 'Communication', 'Behavioral'] as const;
  await ctx.database.db.insert(meetingInsights).values(
    names.map((promptName, i) => ({
      meetingId,
      organizationId: owner.user.organizationId,
      promptName,
      group: 'hr' as const,
      result: { score: s[i] as number, insights: [], tags: [] },
      citations: { score: [], items: [] },
      provider: 'test',
      model: 'test',
    })),
  );
}

const practice = (
  owner: SignedIn,
  name: string,
  startTime: Date,
  status: 'processed' | 'analysing' = 'processed',
) =>
  insertMeeting(ctx, owner.user.organizationId, owner.user.id, name, {
    startTime,
    searchText: searchTextOf(`${name}.wav`),
    inferenceStatus: status,
  });

const analysis = async (who: SignedIn, year: number) => {
  const res = await call(ctx, 'POST', '/meeting/b2c/user/analysis', {
    token: who.accessToken,
    payload: { year },
  });
  expect(res.statusCode).toBe(200);
  return json<PracticeAnalysis>(res);
};
const practiceList = async (who: SignedIn, query = '') => {
  const res = await call(ctx, 'GET', `/meeting/user/b2c${query}`, { token: who.accessToken });
  expect(res.statusCode).toBe(200);
  return json<{ data: PracticeMeeting[]; count: number }>(res);
};
const setUp = async (who: SignedIn, level = 'Medium') =>
  json<MockInterview>(
    await call(ctx, 'POST', '/b2c/mock-interview', {
      token: who.accessToken,
      payload: {
        useResume: false,
        companyName: 'Google',
        jobRole: 'Software engineer',
        level,
        skills: [],
        jobDescription: '',
        settings: { questionCount: 3, thinkSeconds: 10, answerSeconds: 60, retakes: 0 },
      },
    }),
  );

beforeAll(async () => {
  seeker = await signUp(ctx, 'practice-seeker@example.com', { accountType: 'individual' });
  other = await signUp(ctx, 'practice-other@example.com', { accountType: 'individual' });
  lastYear = ctx.clock.now().getUTCFullYear() - 1;
  const at = (iso: string) => new Date(`${lastYear}-${iso}Z`);
  ids.march = await practice(seeker, 'practice-march', at('03-10T09:00:00'));
  await scored(seeker, ids.march, [80, 60, 70]);
  ids.may = await practice(seeker, 'practice-may', at('05-20T09:00:00'));
  await scored(seeker, ids.may, [90, 50, 76]);
  // This week, last week and the week before: a three-week streak, not analysed yet.
  const now = ctx.clock.now().getTime();
  ids.now = await practice(seeker, 'practice-now', new Date(now - 1000), 'analysing');
  ids.week1 = await practice(seeker, 'practice-week-1', new Date(now - 7 * DAY_MS));
  ids.week2 = await practice(seeker, 'practice-week-2', new Date(now - 14 * DAY_MS));
  // The other seeker practised in March too, and badly.
  ids.otherMarch = await practice(other, 'practice-other-march', at('03-12T09:00:00'));
  await scored(other, ids.otherMarch, [10, 10, 10]);
});

describe('POST /meeting/b2c/user/analysis', () => {
  it('gives the year per month with the scores per skill, only the own practices counted', async () => {
    const a = await analysis(seeker, lastYear);
    expect(a.year).toBe(lastYear);
    expect(a.months).toHaveLength(12);
    expect(a.months[2]).toEqual({
      month: 3,
      practices: 1,
      scoredPractices: 1,
      averageScore: 70,
      skills: { Technical: 80, Communication: 60, Behavioral: 70 },
    });
    expect(a.months[4]).toMatchObject({
      month: 5,
      practices: 1,
      averageScore: 72,
      skills: { Technical: 90, Communication: 50, Behavioral: 76 },
    });
    // Months without a practice say so: nothing is invented for them.
    for (const m of a.months.filter((x) => x.month !== 3 && x.month !== 5)) {
      expect(m).toEqual({
        month: m.month,
        practices: 0,
        scoredPractices: 0,
        averageScore: null,
        skills: { Technical: null, Communication: null, Behavioral: null },
      });
    }
    expect(a.practices).toBe(2);
    expect(a.averageScore).toBe(71);
  });

  it('counts the year asked for only', async () => {
    const before = await analysis(seeker, lastYear - 1);
    expect(before.practices).toBe(0);
    expect(before.averageScore).toBeNull();
    expect(before.months.every((m) => m.practices === 0 && m.averageScore === null)).toBe(true);
    const thisYear = await analysis(seeker, lastYear + 1);
    const recent = thisYear.months.reduce((sum, m) => sum + m.practices, 0);
    // The three recent practices fall in this year unless the year began within two weeks.
    const yearStart = Date.UTC(lastYear + 1, 0, 1);
    const inYear = [0, 7, 14].filter(
      (d) => ctx.clock.now().getTime() - d * DAY_MS - 1000 >= yearStart,
    ).length;
    expect(recent).toBe(inYear);
    expect(thisYear.averageScore).toBeNull();
  });

  it('counts the streak in weeks and suggests the weakest skill with the last interview’s role and level', async () => {
    const a = await analysis(seeker, lastYear);
    expect(a.streak).toMatchObject({ unit: 'week', current: 3, longest: 3 });
    // No mock interview set up yet: the role and level are not made up.
    expect(a.nextPractice).toMatchObject({ companyName: null, jobRole: null, level: null });
    // Communication: (60 + 50) / 2 = 55, the lowest of the two scored practices.
    expect(a.nextPractice).toMatchObject({ skill: 'Communication', skillScore: 55 });
    expect(a.nextPractice?.suggestion).toBe(SKILL_SUGGESTIONS.Communication);
    await setUp(seeker, 'Easy');
    await setUp(seeker, 'Hard');
    const after = await analysis(seeker, lastYear);
    expect(after.nextPractice).toMatchObject({
      companyName: 'Google',
      jobRole: 'Software engineer',
      level: 'Hard',
    });
  });

  it('gives a new seeker empty months, no streak and no next practice', async () => {
    const fresh = await signUp(ctx, 'practice-new@example.com', { accountType: 'individual' });
    const a = await analysis(fresh, lastYear + 1);
    expect(a.practices).toBe(0);
    expect(a.streak).toEqual({ unit: 'week', current: 0, longest: 0, lastWeek: null });
    expect(a.nextPractice).toBeNull();
    expect(a.months.every((m) => m.practices === 0)).toBe(true);
    expect((await practiceList(fresh)).count).toBe(0);
  });
});

describe('GET /meeting/user/b2c', () => {
  it('lists the own practices newest first with their scores, paged', async () => {
    const all = await practiceList(seeker);
    expect(all.count).toBe(5);
    expect(all.data.map((m) => m.meetingName)).toEqual([
      'practice-now',
      'practice-week-1',
      'practice-week-2',
      'practice-may',
      'practice-march',
    ]);
    expect(all.data[4]).toMatchObject({
      overallScore: 70,
      skills: { Technical: 80, Communication: 60, Behavioral: 70 },
    });
    expect(all.data[0]).toMatchObject({
      inferenceStatus: 'analysing',
      overallScore: null,
      skills: { Technical: null, Communication: null, Behavioral: null },
    });
    const page = await practiceList(seeker, '?page=1&size=2');
    expect(page.count).toBe(5);
    expect(page.data.map((m) => m.meetingName)).toEqual(['practice-week-2', 'practice-may']);
  });

  it('filters by dates and search', async () => {
    const spring = await practiceList(seeker, `?from=${lastYear}-03-01&to=${lastYear}-04-30`);
    expect(spring.data.map((m) => m.meetingName)).toEqual(['practice-march']);
    const searched = await practiceList(seeker, '?search=MAY');
    expect(searched.data.map((m) => m.meetingName)).toEqual(['practice-may']);
  });

  it('never shows another seeker’s practices, and is for the talent pool only', async () => {
    const mine = await practiceList(other);
    expect(mine.data.map((m) => m.meetingName)).toEqual(['practice-other-march']);
    expect(mine.data[0]?.overallScore).toBe(10);
    const member = await signIn(ctx, 'user@acme.parley.local');
    expectRefusal(
      await call(ctx, 'GET', '/meeting/user/b2c', { token: member.accessToken }),
      403,
      TALENT_POOL_ONLY,
    );
    expectRefusal(
      await call(ctx, 'POST', '/meeting/b2c/user/analysis', {
        token: member.accessToken,
        payload: { year: lastYear },
      }),
      403,
      TALENT_POOL_ONLY,
    );
  });
});

describe('POST /b2c/mock-interview/submit', () => {
  it('links the own interview to its recording’s meeting, once, and the list shows it', async () => {
    const mock = await setUp(seeker);
    const submit = (who: SignedIn, mockInterviewId: string, meetingId: string) =>
      call(ctx, 'POST', '/b2c/mock-interview/submit', {
        token: who.accessToken,
        payload: { mockInterviewId, meetingId },
      });
    const res = await submit(seeker, mock.id, ids.now as string);
    expect(res.statusCode).toBe(200);
    const done = json<MockInterview>(res);
    expect(done).toMatchObject({ id: mock.id, state: 'submitted', meetingId: ids.now });
    expect(done.submittedAt).not.toBeNull();
    // Sent again (a retried request): the same answer.
    expect(json<MockInterview>(await submit(seeker, mock.id, ids.now as string))).toEqual(done);
    expectRefusal(await submit(seeker, mock.id, ids.may as string), 409, P.alreadySubmitted);
    const second = await setUp(seeker);
    expectRefusal(await submit(seeker, second.id, ids.now as string), 409, P.meetingTaken);

    const listed = await practiceList(seeker, '?size=1');
    expect(listed.data[0]).toMatchObject({
      id: ids.now,
      mockInterview: { id: mock.id, companyName: 'Google', jobRole: 'Software engineer' },
    });
    const fetched = json<MockInterview>(
      await call(ctx, 'GET', `/b2c/mock-interview/${mock.id}`, { token: seeker.accessToken }),
    );
    expect(fetched.meetingId).toBe(ids.now);
  });

  it('submits an interview whose run already recorded into the meeting', async () => {
    const mock = await setUp(seeker);
    // What starting a run does: the meeting is linked before anything is submitted.
    await ctx.database.db
      .update(mockInterviews)
      .set({ meetingId: ids.week1, state: 'in_progress' })
      .where(eq(mockInterviews.id, mock.id));
    const res = await call(ctx, 'POST', '/b2c/mock-interview/submit', {
      token: seeker.accessToken,
      payload: { mockInterviewId: mock.id, meetingId: ids.week1 },
    });
    expect(json<MockInterview>(res)).toMatchObject({ state: 'submitted', meetingId: ids.week1 });
  });

  it('refuses another seeker’s interview or meeting', async () => {
    const mine = await setUp(seeker);
    const theirs = await setUp(other);
    expectRefusal(
      await call(ctx, 'POST', '/b2c/mock-interview/submit', {
        token: other.accessToken,
        payload: { mockInterviewId: mine.id, meetingId: ids.otherMarch },
      }),
      404,
      M.mockInterviewNotFound,
    );
    expectRefusal(
      await call(ctx, 'POST', '/b2c/mock-interview/submit', {
        token: other.accessToken,
        payload: { mockInterviewId: theirs.id, meetingId: ids.march },
      }),
      404,
      P.meetingNotFound,
    );
    const untouched = json<MockInterview>(
      await call(ctx, 'GET', `/b2c/mock-interview/${theirs.id}`, { token: other.accessToken }),
    );
    expect(untouched).toMatchObject({ state: 'ready', meetingId: null });
  });
});
