import { describe, expect, it } from 'vitest';
import { COACHING_MESSAGES as C, type QuizDraft, type QuizWithKey } from '@parley/contracts';
import type { StoredWord } from '../../platform/db/schema.js';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, expectRefusal, json, type TestContext } from '../../test/context.js';
import { grantBundle } from '../../test/plans-kit.js';
import { FIXTURE, insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';
import { processedMeeting } from '../../test/workbench-kit.js';

/**
 * "Generate questions from the video" (issue 15 item 4) with no model connected: the built-in
 * engine drafts from the stored transcript (the real 30 s two-speaker recording as
 * pocketsphinx heard it). Nothing is saved until the author saves the quiz.
 */
let acmeVideo: string;
let silentVideo: string;
let shortVideo: string;
let defaultVideo: string;
let elsewhereVideo: string;

const post = (token: string, path: string, payload: unknown) =>
  call(ctx, 'POST', path, { token, payload });

async function trainingVideo(
  app: TestContext,
  token: string,
  meetingName: string,
  path = '/meeting/Admin/coaching',
) {
  const res = await call(app, 'POST', path, {
    token,
    payload: { fileName: `${meetingName}.wav`, title: meetingName, stage: 'prospecting_stage' },
  });
  expect(res.statusCode, res.body).toBe(201);
}

const who = useSignedInApp(['admin', 'poc', 'rep', 'outsider'], async ({ ctx: app, who: w }) => {
  const acme = w.poc.user.organizationId;
  acmeVideo = await processedMeeting(app, acme, w.poc.user.id, 'Discovery basics');
  await trainingVideo(app, w.poc.accessToken, 'Discovery basics');
  // Uploaded and made a training video, but not transcribed yet.
  silentVideo = await insertMeeting(app, acme, w.poc.user.id, 'Still analysing', {
    inferenceStatus: 'analysing',
  });
  await trainingVideo(app, w.poc.accessToken, 'Still analysing');
  // Transcribed, but two greetings are all it says.
  shortVideo = await insertMeeting(app, acme, w.poc.user.id, 'Greetings');
  await saveTranscript(app, shortVideo, acme, {
    words: [
      { word: 'Hello?', start: 1, end: 1.4, speaker: 'speaker_00', confidence: 1 },
      { word: 'Hello.', start: 2, end: 2.4, speaker: 'speaker_01', confidence: 1 },
    ] satisfies StoredWord[],
  });
  await trainingVideo(app, w.poc.accessToken, 'Greetings');

  defaultVideo = await processedMeeting(
    app,
    w.admin.user.organizationId,
    w.admin.user.id,
    'Default opener',
  );
  await trainingVideo(app, w.admin.accessToken, 'Default opener', '/meeting/superAdmin/coaching');

  const elsewhere = w.outsider.user.organizationId;
  await grantBundle(app, elsewhere, 'Sales Suite');
  elsewhereVideo = await processedMeeting(app, elsewhere, w.outsider.user.id, 'Their video');
  await trainingVideo(app, w.outsider.accessToken, 'Their video');
});

const generate = (token: string, meetingId: string, count?: number) =>
  post(token, '/coaching/quiz/generate', { meetingId, ...(count ? { count } : {}) });

describe('generating questions from a training video', () => {
  it('drafts questions tied to moments of the video, which the author can save as the quiz', async () => {
    const res = await generate(who.poc.accessToken, acmeVideo, 3);
    expect(res.statusCode, res.body).toBe(200);
    const draft = json<QuizDraft>(res);
    expect(draft).toMatchObject({ provider: 'local', model: 'parley-local' });
    expect(draft.questions.length).toBeGreaterThan(0);
    expect(draft.questions.length).toBeLessThanOrEqual(3);
    const spoken = (start: number, end: number) =>
      (FIXTURE.words ?? [])
        .filter((w) => w.start >= start - 0.01 && w.end <= end + 0.01)
        .map((w) => w.word)
        .join(' ');
    for (const q of draft.questions) {
      expect(q.moment.start).toBeGreaterThanOrEqual(0);
      expect(q.moment.end).toBeLessThanOrEqual(30);
      expect(q.moment.end).toBeGreaterThan(q.moment.start);
      const right = q.options.filter((o) => o.correct);
      expect(right).toHaveLength(1);
      expect(q.options.length).toBeGreaterThanOrEqual(3);
      // The question quotes what was said at its moment, the right option in the blank.
      const quote = /“(.*)”$/.exec(q.text)?.[1] ?? '';
      expect(quote.replace('_____', right[0]?.text ?? '')).toBe(
        spoken(q.moment.start, q.moment.end),
      );
    }
    // The same video drafts the same questions; nothing was saved.
    expect(json<QuizDraft>(await generate(who.poc.accessToken, acmeVideo, 3))).toEqual(draft);
    const none = await post(who.poc.accessToken, '/coaching/quiz/admin/fetch', {
      meetingId: acmeVideo,
    });
    expectRefusal(none, 404, C.quizNotFound);

    // The author edits one question and saves: the moments are kept with the quiz.
    const [first, ...rest] = draft.questions;
    const saved = await post(who.poc.accessToken, '/coaching/quiz/admin/create', {
      meetingId: acmeVideo,
      questions: [{ ...first, text: 'What did the first speaker mention?' }, ...rest],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const quiz = json<QuizWithKey>(saved);
    expect(quiz.questions[0]).toMatchObject({
      text: 'What did the first speaker mention?',
      moment: first?.moment,
    });
    expect(quiz.questions.map((q) => q.moment)).toEqual(draft.questions.map((q) => q.moment));
  });

  it('says when the transcript is not ready, or too short to ask anything', async () => {
    expectRefusal(await generate(who.poc.accessToken, silentVideo), 400, C.transcriptNotReady);
    expectRefusal(await generate(who.poc.accessToken, shortVideo), 400, C.transcriptTooShort);
  });

  it('is for authors: learners are refused, other organisations’ videos are not found', async () => {
    expect((await generate(who.rep.accessToken, acmeVideo)).statusCode).toBe(403);
    expectRefusal(await generate(who.poc.accessToken, elsewhereVideo), 404, C.videoNotFound);
    expectRefusal(await generate(who.outsider.accessToken, acmeVideo), 404, C.videoNotFound);
    // A default video is the super admin's to write questions for.
    expectRefusal(await generate(who.poc.accessToken, defaultVideo), 404, C.videoNotFound);
    expect((await generate(who.admin.accessToken, defaultVideo)).statusCode).toBe(200);
    // Not a training video at all: an ordinary meeting of the point of contact.
    const meeting = await processedMeeting(
      ctx,
      who.poc.user.organizationId,
      who.poc.user.id,
      'Weekly sync',
    );
    expectRefusal(await generate(who.poc.accessToken, meeting), 404, C.videoNotFound);
    expect((await generate(who.poc.accessToken, acmeVideo, 21)).statusCode).toBe(400);
  });
});
