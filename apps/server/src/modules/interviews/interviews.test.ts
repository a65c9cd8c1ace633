import { describe, expect, it } from 'vitest';
import {
  featureUnavailableMessage,
  INTERVIEW_MESSAGES as I,
  type BulkResult,
  type HrListResponse,
  type HrInterviewRow,
  type Job,
  type MeetingInterview,
} from '@parley/contracts';
import { meetingInsights } from '../../platform/db/schema.js';
import { searchTextOf } from '../meetings/index.js';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, expectRefusal, json } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { insertMeeting } from '../../test/transcripts-kit.js';

const who = useSignedInApp(['poc', 'member', 'rep', 'outsider']);

const kit = {
  name: 'Problem solving',
  description: 'Breaks a problem down',
  questions: ['Tell me about a hard bug'],
  rubric: ['None', 'Weak', 'Fair', 'Good', 'Excellent'],
};

const put = (token: string, path: string, payload: object) =>
  call(ctx, 'PUT', path, { token, payload });
const hr = (token: string, query = '') => call(ctx, 'GET', `/meeting/user/hr${query}`, { token });

async function meeting(name: string, owner = who.poc): Promise<string> {
  return insertMeeting(ctx, owner.user.organizationId, owner.user.id, name, {
    searchText: searchTextOf(`${name}.wav`),
  });
}

async function scores(meetingId: string, values: number[]) {
  const names = ['Technical', 'Communication', 'Behavioral'];
  await ctx.database.db.insert(meetingInsights).values(
    values.map((score, i) => ({
      meetingId,
      organizationId: who.poc.user.organizationId,
      promptName: names[i]!,
      group: 'hr' as const,
      result: { score, insights: [], tags: [] },
      citations: { score: [], items: [] },
      provider: 'test',
      model: 'test',
    })),
  );
}

async function createJob(
  token = who.poc.accessToken,
  title = 'Backend engineer',
  role = 'Engineering',
) {
  const res = await call(ctx, 'POST', '/job', {
    token,
    payload: { title, role, description: 'Builds the API', competencies: [kit] },
  });
  expect(res.statusCode).toBe(201);
  return json<Job>(res);
}

describe('hiring', () => {
  it('is refused without HR Workflow, and to roles without interviews.manage', async () => {
    const res = await hr(who.poc.accessToken);
    expectRefusal(res, 403, featureUnavailableMessage('HR Workflow'));
    await grantInterviewIntelligence(ctx, who.poc.user.organizationId);
    await grantInterviewIntelligence(ctx, who.outsider.user.organizationId);
    expect((await hr(who.poc.accessToken)).statusCode).toBe(200);
    // A sales rep does not run hiring, whatever the plan.
    expect((await hr(who.rep.accessToken)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/job', { token: who.rep.accessToken })).statusCode).toBe(403);
  });

  it('keeps jobs with their interview kit; a job in use is not deleted (409)', async () => {
    const job = await createJob();
    expect(job.competencies).toEqual([kit]);
    const token = who.poc.accessToken;
    const changed = await call(ctx, 'PATCH', `/job/${job.id}`, {
      token,
      payload: { title: 'Senior backend engineer' },
    });
    expect(json<Job>(changed)).toMatchObject({
      title: 'Senior backend engineer',
      role: 'Engineering',
    });
    const list = json<{ data: { id: string; interviews: number }[]; count: number }>(
      await call(ctx, 'GET', '/job?search=senior', { token }),
    );
    expect(list.data.map((j) => j.id)).toEqual([job.id]);

    const m = await meeting('Used interview');
    await put(token, `/meeting/interview/${m}`, { jobId: job.id, round: 1 });
    const refused = await call(ctx, 'DELETE', `/job/${job.id}`, { token });
    expectRefusal(refused, 409, I.jobInUse(1));
    expect((await call(ctx, 'GET', `/job/${job.id}`, { token })).statusCode).toBe(200);
    // Another organisation's job is not there for them.
    const theirs = await call(ctx, 'GET', `/job/${job.id}`, { token: who.outsider.accessToken });
    expect(theirs.statusCode).toBe(404);
    const theirDelete = await call(ctx, 'DELETE', `/job/${job.id}`, {
      token: who.outsider.accessToken,
    });
    expect(theirDelete.statusCode).toBe(404);

    const unused = await createJob(token, 'Unused');
    expect(json(await call(ctx, 'DELETE', `/job/${unused.id}`, { token }))).toEqual({
      message: I.jobDeleted,
    });
  });

  it('sets and reads a meeting’s interview; the candidate is one per e-mail', async () => {
    const token = who.member.accessToken;
    const job = await createJob(token, 'Designer', 'Design');
    const m = await meeting('Dana round 1', who.member);
    expect(json(await call(ctx, 'GET', `/meeting/interview/${m}`, { token }))).toBeNull();
    const set = await put(token, `/meeting/interview/${m}`, {
      jobId: job.id,
      candidateName: 'Dana Scully',
      candidateEmail: 'Dana@Example.com',
      round: 1,
    });
    const first = json<MeetingInterview>(set);
    expect(first).toMatchObject({
      meetingId: m,
      job: { id: job.id, title: 'Designer', competencies: [kit] },
      candidate: { name: 'Dana Scully', email: 'dana@example.com' },
      round: 1,
      lastRound: false,
      status: 'pending',
      invitedAt: null,
    });
    const m2 = await meeting('Dana round 2', who.member);
    const second = json<MeetingInterview>(
      await put(token, `/meeting/interview/${m2}`, {
        jobId: job.id,
        candidateEmail: 'dana@example.com',
        round: 2,
      }),
    );
    expect(second.candidate?.id).toBe(first.candidate?.id);
    const last = await put(token, '/meeting/lastround', { meetingId: m2, lastRound: true });
    expect(json<MeetingInterview>(last).lastRound).toBe(true);

    const all = json<HrInterviewRow[]>(
      await call(ctx, 'POST', '/meeting/interview/all', {
        token,
        payload: { jobId: job.id, candidateEmail: 'DANA@example.com' },
      }),
    );
    expect(all.map((r) => [r.meeting.id, r.round, r.lastRound])).toEqual([
      [m, 1, false],
      [m2, 2, true],
    ]);
    const byRole = await call(ctx, 'POST', '/meeting/interview/all', {
      token,
      payload: { jobRole: 'engineering', candidateEmail: 'dana@example.com' },
    });
    expect(json<HrInterviewRow[]>(byRole)).toEqual([]);

    // Another organisation: the meeting does not exist for them, and nothing changed.
    const outsider = who.outsider.accessToken;
    expect(
      (await call(ctx, 'GET', `/meeting/interview/${m}`, { token: outsider })).statusCode,
    ).toBe(404);
    const theirs = await put(outsider, `/meeting/interview/${m}`, { round: 3 });
    expect(theirs.statusCode).toBe(404);
    const lastTheirs = await put(outsider, '/meeting/lastround', { meetingId: m, lastRound: true });
    expect(lastTheirs.statusCode).toBe(404);
    // A job of another organisation cannot be set either.
    const elsewhere = await createJob(outsider, 'Their job');
    const foreignJob = await put(token, `/meeting/interview/${m}`, { jobId: elsewhere.id });
    expectRefusal(foreignJob, 404, I.jobNotFound);
    const still = json<MeetingInterview>(
      await call(ctx, 'GET', `/meeting/interview/${m}`, { token }),
    );
    expect(still).toMatchObject({ round: 1, lastRound: false, job: { id: job.id } });
  });

  it('changes statuses in bulk, naming the meetings that failed', async () => {
    const token = who.poc.accessToken;
    const job = await createJob(token, 'Analyst');
    const a = await meeting('Status A');
    const b = await meeting('Status B');
    const bare = await meeting('Not an interview');
    for (const [id, email] of [
      [a, 'a@example.com'],
      [b, 'b@example.com'],
    ] as const) {
      await put(token, `/meeting/interview/${id}`, { jobId: job.id, candidateEmail: email });
    }
    const outsiders = await meeting('Elsewhere', who.outsider);
    await put(who.outsider.accessToken, `/meeting/interview/${outsiders}`, {
      candidateEmail: 'x@example.com',
    });

    const res = await put(token, '/meeting/interview/update-status', {
      meetingIds: [a, b, bare, outsiders],
      interviewStatus: 'qualified',
    });
    const result = json<BulkResult>(res);
    expect(result.succeeded.sort()).toEqual([a, b].sort());
    expect(result.failed).toEqual([
      { meetingId: bare, meetingName: 'Not an interview', reason: I.notAnInterview },
      { meetingId: outsiders, meetingName: null, reason: I.meetingNotFound },
    ]);
    const theirs = json<MeetingInterview>(
      await call(ctx, 'GET', `/meeting/interview/${outsiders}`, {
        token: who.outsider.accessToken,
      }),
    );
    expect(theirs.status).toBe('pending');

    const qualified = json<HrListResponse>(
      await hr(token, `?interviewStatus=qualified&jobId=${job.id}`),
    );
    expect(qualified.data.map((r) => r.meeting.id).sort()).toEqual([a, b].sort());
    // The outsider's list holds only their own interview.
    const theirList = json<HrListResponse>(await hr(who.outsider.accessToken));
    expect(theirList.data.map((r) => r.meeting.id)).toEqual([outsiders]);
    // A member sees only their own (and shared) meetings' interviews.
    const memberList = json<HrListResponse>(await hr(who.member.accessToken, `?jobId=${job.id}`));
    expect(memberList.count).toBe(0);
  });

  it('lists interviews by round, searches candidates and sorts by overall score', async () => {
    const token = who.poc.accessToken;
    const job = await createJob(token, 'Support lead');
    const high = await meeting('Score high');
    const low = await meeting('Score low');
    const none = await meeting('Score none');
    const later = await meeting('Round two');
    await put(token, `/meeting/interview/${high}`, {
      jobId: job.id,
      candidateName: 'Hannah High',
      candidateEmail: 'hannah@example.com',
    });
    await put(token, `/meeting/interview/${low}`, {
      jobId: job.id,
      candidateEmail: 'lou@example.com',
    });
    await put(token, `/meeting/interview/${none}`, { jobId: job.id });
    await put(token, `/meeting/interview/${later}`, { jobId: job.id, round: 2 });
    await scores(high, [90, 80, 71]);
    await scores(low, [40, 51]);

    const q = `?jobId=${job.id}&round=1`;
    const desc = json<HrListResponse>(await hr(token, `${q}&order=overallScore:desc`));
    expect(desc.data.map((r) => [r.meeting.id, r.overallScore])).toEqual([
      [high, 80],
      [low, 46],
      [none, null],
    ]);
    expect(desc.count).toBe(3);
    expect(desc.rounds).toEqual([
      { round: 1, count: 3 },
      { round: 2, count: 1 },
    ]);
    const asc = json<HrListResponse>(await hr(token, `${q}&order=overallScore:asc`));
    expect(asc.data.map((r) => r.meeting.id)).toEqual([low, high, none]);
    const found = json<HrListResponse>(await hr(token, `?jobId=${job.id}&search=hannah`));
    expect(found.data.map((r) => r.meeting.id)).toEqual([high]);
    expect(found.data[0]).toMatchObject({
      candidate: { name: 'Hannah High' },
      job: { title: 'Support lead' },
    });
    const byName = json<HrListResponse>(await hr(token, `?jobId=${job.id}&search=round%20two`));
    expect(byName.data.map((r) => r.meeting.id)).toEqual([later]);
  });

  it('sends each candidate the next round and a registration link that is valid', async () => {
    const token = who.poc.accessToken;
    const job = await createJob(token, 'Data engineer');
    const invited = await meeting('Invite me');
    const noEmail = await meeting('No e-mail');
    const set = json<MeetingInterview>(
      await put(token, `/meeting/interview/${invited}`, {
        jobId: job.id,
        candidateName: 'Ian Vite',
        candidateEmail: 'ian@example.com',
        round: 1,
      }),
    );
    await put(token, `/meeting/interview/${noEmail}`, { jobId: job.id, round: 1 });

    const res = await put(token, '/interview/send-invitation', { meetingIds: [invited, noEmail] });
    expect(res.statusCode).toBe(200);
    const result = json<BulkResult>(res);
    expect(result.succeeded).toEqual([invited]);
    expect(result.failed).toEqual([
      { meetingId: noEmail, meetingName: 'No e-mail', reason: I.noCandidateEmail },
    ]);

    const mail = ctx.mail.filter((m) => m.to === 'ian@example.com').at(-1);
    expect(mail?.subject).toBe('Invitation to round 2: Data engineer');
    expect(mail?.text).toContain('round 2');
    const orgId = who.poc.user.organizationId;
    const link = new RegExp(
      `/participants/invite-form/hr-workflow/${orgId}/([A-Za-z0-9_-]{43})/${set.candidate?.id}$`,
      'm',
    ).exec(mail?.text ?? '');
    expect(link, mail?.text).not.toBeNull();
    const check = await call(ctx, 'GET', `/invite-participant/check/${orgId}/${link?.[1]}`);
    expect(json(check)).toMatchObject({ valid: true });

    const after = json<MeetingInterview>(
      await call(ctx, 'GET', `/meeting/interview/${invited}`, { token }),
    );
    expect(after.invitedAt).not.toBeNull();
    // The candidate's participant row is the HR one, for that applicant.
    const participant = await call(ctx, 'GET', '/invite-participant/ian@example.com', { token });
    expect(json(participant)).toMatchObject({ isHr: true, applicantId: set.candidate?.id });
  });
});
