import { describe, expect, it } from 'vitest';
import {
  SCORECARD_MESSAGES as S,
  type CompareResponse,
  type Job,
  type Scorecard,
  type ScorecardView,
} from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, expectRefusal, json } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { FIXTURE, insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';

const who = useSignedInApp(['poc', 'member', 'rep', 'outsider'], async ({ who }) => {
  await grantInterviewIntelligence(ctx, who.poc.user.organizationId);
  await grantInterviewIntelligence(ctx, who.outsider.user.organizationId);
});

const rubric = ['Nothing', 'Weak', 'Fair', 'Good', 'Excellent'];
/** The fixture's speakers talk of charity, opera and friends who play; never of Kubernetes. */
const spoken = {
  name: 'Community involvement',
  description: 'Charity work and playing music with friends',
  questions: ['What do you do for charity?'],
  rubric,
};
const unspoken = {
  name: 'Kubernetes operations',
  description: 'Running Kubernetes clusters in production',
  questions: ['How would you upgrade a Kubernetes cluster?'],
  rubric,
};

const get = (token: string, path: string) => call(ctx, 'GET', path, { token });
const put = (token: string, path: string, payload: object) =>
  call(ctx, 'PUT', path, { token, payload });
const post = (token: string, path: string) => call(ctx, 'POST', path, { token });

async function job(title: string, competencies = [spoken, unspoken]): Promise<Job> {
  const res = await call(ctx, 'POST', '/job', {
    token: who.poc.accessToken,
    payload: { title, role: 'Engineering', competencies },
  });
  expect(res.statusCode).toBe(201);
  return json<Job>(res);
}

/** A transcribed interview of the member's (the poc sees every meeting of the organisation). */
async function interview(name: string, jobId: string | null, transcribed = true) {
  const { organizationId, id } = who.member.user;
  const meetingId = await insertMeeting(ctx, organizationId, id, name);
  if (transcribed) await saveTranscript(ctx, meetingId, organizationId);
  if (jobId) {
    const res = await put(who.poc.accessToken, `/meeting/interview/${meetingId}`, {
      jobId,
      candidateName: name,
      candidateEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      round: 1,
    });
    expect(res.statusCode).toBe(200);
  }
  return meetingId;
}

const transcriptWords = (FIXTURE.words ?? []).map((w) => w.word.toLowerCase());
const isSpoken = (quote: string) => {
  const q = quote.toLowerCase().split(/\s+/).filter(Boolean);
  return transcriptWords.some((_, i) => q.every((w, j) => transcriptWords[i + j] === w));
};

const rating = (competency: string, value: number | null, notes = '') => ({
  competency,
  rating: value,
  discussed: value !== null,
  notes,
  evidence: value === null ? [] : [{ start: 8.34, end: 12, quote: 'opera' }],
});

describe('scorecards', () => {
  it("Zai's draft cites only moments inside the recording, in the transcript's own words", async () => {
    const j = await job('Community lead');
    const id = await interview('Ada Lovelace', j.id);
    const res = await get(who.poc.accessToken, `/scorecard/${id}`);
    expect(res.statusCode).toBe(200);
    const view = json<ScorecardView>(res);
    expect(view.competencies.map((c) => c.name)).toEqual([spoken.name, unspoken.name]);
    expect(view.candidateName).toBe('Ada Lovelace');
    expect(view.draft?.provider).toBe('local');
    expect(view.draft?.author).toBeNull();
    const [discussed, silent] = view.draft?.ratings ?? [];
    expect(discussed).toMatchObject({ competency: spoken.name, discussed: true });
    expect(discussed?.rating).toBeGreaterThanOrEqual(1);
    expect(discussed?.evidence.length).toBeGreaterThan(0);
    for (const e of discussed?.evidence ?? []) {
      expect(e.start).toBeGreaterThanOrEqual(0);
      expect(e.end).toBeLessThanOrEqual(FIXTURE.audioLengthSec);
      expect(e.start).toBeLessThanOrEqual(e.end);
      expect(isSpoken(e.quote ?? '')).toBe(true);
    }
    // Nothing in the transcript bears on it: not discussed, no rating, no evidence.
    expect(silent).toEqual({
      competency: unspoken.name,
      rating: null,
      discussed: false,
      notes: S.notDiscussed,
      evidence: [],
    });
    // Asked again, the same draft; re-drafted on request.
    const again = json<ScorecardView>(await get(who.poc.accessToken, `/scorecard/${id}`));
    expect(again.draft?.id).toBe(view.draft?.id);
    const redraft = await post(who.poc.accessToken, `/scorecard/${id}/draft`);
    expect(redraft.statusCode).toBe(200);
    expect(json<Scorecard>(redraft).ratings).toEqual(view.draft?.ratings);
  });

  it('says why there is no draft: not an interview, no kit, no transcript', async () => {
    const plain = await interview('Plain meeting', null);
    const a = json<ScorecardView>(await get(who.poc.accessToken, `/scorecard/${plain}`));
    expect(a).toMatchObject({ draft: null, draftMissing: S.notInterview, competencies: [] });
    expectRefusal(
      await post(who.poc.accessToken, `/scorecard/${plain}/draft`),
      400,
      S.notInterview,
    );

    const bare = await job('No kit yet', []);
    const noKit = await interview('Grace Hopper', bare.id);
    const b = json<ScorecardView>(await get(who.poc.accessToken, `/scorecard/${noKit}`));
    expect(b).toMatchObject({ draft: null, draftMissing: S.noKit });

    const j = await job('Untranscribed');
    const waiting = await interview('Alan Turing', j.id, false);
    const c = json<ScorecardView>(await get(who.poc.accessToken, `/scorecard/${waiting}`));
    expect(c).toMatchObject({ draft: null, draftMissing: S.noTranscript });
    expectRefusal(
      await post(who.poc.accessToken, `/scorecard/${waiting}/draft`),
      400,
      S.noTranscript,
    );
  });

  it("saves and submits each interviewer's own; every submitted one is shown together", async () => {
    const j = await job('Platform engineer');
    const id = await interview('Barbara Liskov', j.id);
    const path = `/scorecard/${id}`;

    expectRefusal(
      await put(who.member.accessToken, path, { ratings: [rating('Cooking', 3)] }),
      400,
      S.unknownCompetency('Cooking'),
    );
    expectRefusal(
      await put(who.member.accessToken, path, {
        ratings: [{ ...rating(unspoken.name, null), rating: 2 }],
      }),
      400,
      S.ratingWithoutDiscussion(unspoken.name),
    );

    const saved = await put(who.member.accessToken, path, {
      ratings: [rating(spoken.name, 4, 'Talks about opera')],
    });
    expect(saved.statusCode).toBe(200);
    expect(json<Scorecard>(saved)).toMatchObject({
      author: { id: who.member.user.id },
      recommendation: null,
      submittedAt: null,
    });
    // Not every competency answered, and no recommendation: not yet.
    expectRefusal(await post(who.member.accessToken, `${path}/submit`), 400, S.notSubmittable);
    await put(who.member.accessToken, path, {
      ratings: [rating(spoken.name, 4, 'Talks about opera'), rating(unspoken.name, null)],
      recommendation: 'yes',
    });
    const submitted = await post(who.member.accessToken, `${path}/submit`);
    expect(submitted.statusCode).toBe(200);
    expect(json<Scorecard>(submitted).submittedAt).not.toBeNull();
    expectRefusal(
      await put(who.member.accessToken, path, { ratings: [], recommendation: 'no' }),
      409,
      S.alreadySubmitted,
    );

    await put(who.poc.accessToken, path, {
      ratings: [rating(spoken.name, 2), rating(unspoken.name, null)],
      recommendation: 'strong_no',
    });
    // Saved but not submitted: the poc's own, not among the submitted yet.
    let view = json<ScorecardView>(await get(who.poc.accessToken, path));
    expect(view.mine?.recommendation).toBe('strong_no');
    expect(view.submitted).toHaveLength(1);
    await post(who.poc.accessToken, `${path}/submit`);
    view = json<ScorecardView>(await get(who.member.accessToken, path));
    expect(view.mine?.author?.id).toBe(who.member.user.id);
    expect(view.submitted.map((s) => s.recommendation).sort()).toEqual(['strong_no', 'yes']);
    for (const s of view.submitted) expect(s.author?.name.length).toBeGreaterThan(0);
  });

  it('is 404 to another organisation and 403 to a role without interviews.manage', async () => {
    const j = await job('Tenancy');
    const id = await interview('Edsger Dijkstra', j.id);
    for (const [method, path] of [
      ['GET', `/scorecard/${id}`],
      ['POST', `/scorecard/${id}/draft`],
      ['POST', `/scorecard/${id}/submit`],
    ] as const) {
      expect((await call(ctx, method, path, { token: who.outsider.accessToken })).statusCode).toBe(
        404,
      );
      expect((await call(ctx, method, path, { token: who.rep.accessToken })).statusCode).toBe(403);
    }
    expect(
      (await put(who.outsider.accessToken, `/scorecard/${id}`, { ratings: [] })).statusCode,
    ).toBe(404);
    const other = await interview('Donald Knuth', j.id);
    expect(
      (await get(who.outsider.accessToken, `/interview/compare?meetingIds=${id},${other}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(who.rep.accessToken, `/interview/compare?meetingIds=${id},${other}`)).statusCode,
    ).toBe(403);
  });

  it('compares two to four candidates of one job, with strengths and concerns at their moments', async () => {
    const j = await job('Compared role');
    const first = await interview('Katherine Johnson', j.id);
    const second = await interview('Dorothy Vaughan', j.id);
    // The first has a submitted scorecard; the second only Zai's draft.
    await put(who.member.accessToken, `/scorecard/${first}`, {
      ratings: [rating(spoken.name, 5, 'Loves opera'), rating(unspoken.name, null)],
      recommendation: 'strong_yes',
    });
    await post(who.member.accessToken, `/scorecard/${first}/submit`);
    await get(who.poc.accessToken, `/scorecard/${second}`);

    const res = await get(who.poc.accessToken, `/interview/compare?meetingIds=${first},${second}`);
    expect(res.statusCode).toBe(200);
    const body = json<CompareResponse>(res);
    expect(body.job).toEqual({ id: j.id, title: 'Compared role' });
    expect(body.competencies).toEqual([spoken.name, unspoken.name]);
    const [a, b] = body.candidates;
    expect(a?.candidateName).toBe('Katherine Johnson');
    expect(a?.competencies[0]).toEqual({
      competency: spoken.name,
      score: 5,
      source: 'interviewers',
      raters: 1,
    });
    expect(a?.competencies[1]).toMatchObject({ score: null, source: 'none' });
    expect(a?.strengths[0]).toMatchObject({ competency: spoken.name, rating: 5 });
    expect(a?.strengths[0]?.evidence[0]).toMatchObject({ start: 8.34 });
    expect(b?.competencies[0]?.source).toBe('draft');
    expect(b?.competencies[1]).toMatchObject({ score: null, source: 'none' });

    const other = await job('Another role');
    const elsewhere = await interview('Mary Jackson', other.id);
    const plain = await interview('No job', null);
    const compare = (ids: string[]) =>
      get(who.poc.accessToken, `/interview/compare?meetingIds=${ids.join(',')}`);
    expectRefusal(await compare([first]), 400, S.compareCount);
    expectRefusal(await compare([first, first]), 400, S.compareCount);
    expectRefusal(await compare(['not-an-id', first]), 400, S.compareCount);
    expectRefusal(
      await compare([first, second, elsewhere, plain, crypto.randomUUID()]),
      400,
      S.compareCount,
    );
    expectRefusal(await compare([first, elsewhere]), 400, S.compareOneJob);
    expectRefusal(await compare([plain, first]), 400, S.compareOneJob);
  });
});
