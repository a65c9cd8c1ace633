import { beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  formatHms,
  messageForStatus,
  REPORT_MESSAGES,
  type CandidateReportPreview,
  type MeetingInsights,
  type ScoreResult,
} from '@parley/contracts';
import { call, expectRefusal, json } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import {
  ctx,
  newTranscribedMeeting,
  insertMeeting,
  orgId,
  outsider,
  outsiderUser,
  owner,
  ownerId,
  seeker,
  useTranscriptsKit,
} from '../../test/transcripts-kit.js';

useTranscriptsKit();

/** The text of a PDF answer, read back the way a person's viewer would show it. */
async function pdfText(body: Buffer): Promise<string> {
  if (process.env.DUMP_PDF)
    (await import('node:fs')).writeFileSync(`/tmp/rep-${Date.now()}.pdf`, body);
  const pdf = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const get = (token: string, path: string) => call(ctx, 'GET', path, { token });

let meetingId = '';
let insights: MeetingInsights;

beforeAll(async () => {
  await grantInterviewIntelligence(ctx, orgId);
  meetingId = await newTranscribedMeeting('Report – Zoë interview');
  // The built-in engine scores the HR categories on the stored transcript, citing moments.
  const kit = await call(
    ctx,
    'POST',
    `/hr-analytics/${encodeURIComponent('Report – Zoë interview.wav')}`,
    {
      token: owner,
      payload: {},
    },
  );
  expect(kit.statusCode, kit.body).toBe(200);
  insights = json<MeetingInsights>(await get(owner, `/text-analytics/meeting/${meetingId}`));
});

describe('HR report', () => {
  it('is a PDF named after the meeting holding its name, scores, threshold and timed insights', async () => {
    const res = await get(owner, `/report/hr/${meetingId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Report – Zoë interview.pdf')}`,
    );
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Report – Zoë interview');
    expect(text).toContain(`The threshold is ${insights.threshold}`);
    const scored = insights.data.filter(
      (i) => !Array.isArray(i.result) && i.promptName !== 'Alerts',
    );
    expect(scored.length).toBe(3);
    for (const item of scored) {
      expect(text).toContain(`${item.promptName} ${(item.result as ScoreResult).score}`);
    }
    expect(text).toContain(`Overall ${insights.overallScore}`);
    // At least one insight with the moment it rests on, as HH:MM:SS before its words.
    const timed = scored.flatMap((item) =>
      (item.result as ScoreResult).insights.map((line, i) => ({
        line,
        at: item.citations.items[i]?.[0]?.start,
      })),
    );
    const found = timed.filter(
      (t) => t.at !== undefined && text.includes(`${formatHms(t.at)} ${t.line.slice(0, 30)}`),
    );
    expect(found.length).toBeGreaterThan(0);
    // Sections without data say so rather than showing numbers.
    expect(text).toContain('Biometric verification has not been run for this meeting.');
    expect(text).toContain('Talk time');
  });

  it('answers 404 to another organisation and 403 without HR Workflow', async () => {
    // The seeker's B2C organisation has every feature: what stops it is tenancy.
    expectRefusal(await get(seeker, `/report/hr/${meetingId}`), 404, 'Meeting not found');
    expectRefusal(await get(outsider, `/report/hr/${meetingId}`), 403, 'No HR Workflow available');
  });

  it('says there is nothing yet for a meeting that has not been transcribed', async () => {
    const res = await get(owner, `/report/hr/${await newMeetingWithout()}`);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('No Zai scores yet');
    expect(text).toContain('No transcript yet');
  });
});

const newMeetingWithout = () => insertMeeting(ctx, orgId, ownerId, `Untranscribed ${Date.now()}`);

describe('Sales report', () => {
  it('holds the meeting, talk ratio and questions', async () => {
    const res = await get(owner, `/report/sales/${meetingId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Sales report');
    expect(text).toContain('Report – Zoë interview');
    expect(text).toContain('TALK RATIO');
    expectRefusal(await get(seeker, `/report/sales/${meetingId}`), 404, 'Meeting not found');
  });
});

describe('Candidate report', () => {
  const candidateEmail = 'zoe.candidate@example.com';

  beforeAll(async () => {
    const res = await call(ctx, 'PUT', `/meeting/interview/${meetingId}`, {
      token: owner,
      payload: { candidateName: 'Zoë Candidate', candidateEmail, round: 1 },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a meeting with no candidate to send it to', async () => {
    const other = await newTranscribedMeeting(`No candidate ${Date.now()}`);
    expectRefusal(await get(owner, `/report/candidate/${other}`), 400, REPORT_MESSAGES.noCandidate);
  });

  it('holds strengths and areas to improve in words, no score, and the consent record', async () => {
    const preview = json<CandidateReportPreview>(
      await get(owner, `/report/candidate/${meetingId}/preview`),
    );
    expect(preview.candidate).toEqual({ name: 'Zoë Candidate', email: candidateEmail });
    expect(preview.strengths.length + preview.improvements.length).toBeGreaterThan(0);
    expect(preview.consent.recorded).toContain('Transcript of what was said');
    expect(preview.consent.agreed).toMatch(/did not register/);
    expect(preview.consent.deletion).toContain('support@parley.local');

    const res = await get(owner, `/report/candidate/${meetingId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('candidate report.pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Zoë Candidate');
    expect(text).toContain('Areas to improve');
    expect(text).toContain('support@parley.local');
    expect(text).not.toMatch(/score|threshold|\/ ?100|recommend/i);
    // The insights' own words may hold figures ('130 words/min'); the scores may not appear.
    for (const item of insights.data) {
      if (!Array.isArray(item.result)) {
        expect(text).not.toContain(`${item.promptName} ${item.result.score}`);
      }
    }
    expect(text).not.toContain(`Overall ${insights.overallScore}`);
  });

  it('is e-mailed to the candidate as a PDF attachment', async () => {
    const res = await call(ctx, 'POST', `/report/candidate/${meetingId}/send`, { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      message: REPORT_MESSAGES.sent(candidateEmail),
      to: candidateEmail,
    });
    const mail = ctx.mail.filter((m) => m.to === candidateEmail).at(-1);
    expect(mail?.attachments).toHaveLength(1);
    const file = mail?.attachments?.[0];
    expect(file?.contentType).toBe('application/pdf');
    expect(file?.filename).toContain('candidate report.pdf');
    expect(file?.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('shows the interview’s scorecards in the HR report once the meeting has a job with a kit', async () => {
    const job = await call(ctx, 'POST', '/job', {
      token: owner,
      payload: {
        title: 'Support engineer',
        competencies: [
          {
            name: 'Troubleshooting',
            questions: ['Walk me through a hard bug.'],
            rubric: ['Poor', 'Weak', 'Fair', 'Good', 'Excellent'],
          },
        ],
      },
    });
    expect(job.statusCode, job.body).toBe(201);
    const set = await call(ctx, 'PUT', `/meeting/interview/${meetingId}`, {
      token: owner,
      payload: {
        jobId: json<{ id: string }>(job).id,
        candidateName: 'Zoë Candidate',
        candidateEmail,
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    // A download reads what is stored and never drafts (no model call behind a download).
    const before = await pdfText((await get(owner, `/report/hr/${meetingId}`)).rawPayload);
    expect(before).toContain('No scorecard has been drafted or submitted');
    // The Scorecard tab's first read drafts; the report then shows the draft.
    expect((await get(owner, `/scorecard/${meetingId}`)).statusCode).toBe(200);
    const text = await pdfText((await get(owner, `/report/hr/${meetingId}`)).rawPayload);
    expect(text).toContain('Zai’s draft');
    expect(text).toContain('Troubleshooting');
    expect(text).toContain('Support engineer');
  });

  it('is for those who manage interviews, in their organisation only', async () => {
    // A job seeker does not run hiring; another organisation's hiring team does not see it.
    expectRefusal(await get(seeker, `/report/candidate/${meetingId}`), 403, messageForStatus(403));
    await grantInterviewIntelligence(ctx, outsiderUser.organizationId);
    expectRefusal(await get(outsider, `/report/candidate/${meetingId}`), 404, 'Meeting not found');
    const send = await call(ctx, 'POST', `/report/candidate/${meetingId}/send`, {
      token: outsider,
    });
    expectRefusal(send, 404, 'Meeting not found');
  });
});
