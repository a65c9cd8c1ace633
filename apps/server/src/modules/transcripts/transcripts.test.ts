import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYSIS_MESSAGES as A,
  type Diarization,
  type RouteResponse,
  type Transcription,
  type analysisRoutes,
} from '@parley/contracts';
import { ENGAGEMENT_METHOD } from '@parley/analysis';
import { meetings } from '../../platform/db/schema.js';
import {
  call,
  createTestContext,
  json,
  signIn,
  signUp,
  type TestContext,
} from '../../test/context.js';
import { createTranscriptsRepo, type NewTranscript } from './repo.js';

/**
 * two-speakers.transcript.json is the real output of
 * `npm run -s analyze -- fixtures/diarization/two-speakers.wav` (pocketsphinx words, 30 s),
 * with the speakers of fixtures/diarization/two-speakers.rttm as its turns (speaker90 →
 * speaker_00, speaker91 → speaker_01), words given to them with assignSpeakers and the
 * analytics from runTextStep: what the speech and text steps store once diarization runs.
 */
const FIXTURE = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'two-speakers.transcript.json'), 'utf8'),
) as Omit<NewTranscript, 'meetingId' | 'organizationId' | 'runId'>;

type Sentiment = RouteResponse<typeof analysisRoutes.sentiment>;
type SpeakingRate = RouteResponse<typeof analysisRoutes.speakingRate>;
type Conversation = RouteResponse<typeof analysisRoutes.conversation>;
type Mapping = RouteResponse<typeof analysisRoutes.speakerTimeMapping>;

let ctx: TestContext;
let owner: string;
let poc: string;
let manager: string;
let rep: string;
let seeker: string;
let outsider: string;
let outsiderUser: { id: string; organizationId: string };
let ownerId: string;
let orgId: string;

async function newMeeting(organizationId: string, userId: string, name: string) {
  const [row] = await ctx.database.db
    .insert(meetings)
    .values({
      organizationId,
      ownerId: userId,
      meetingName: name,
      meetingCode: `${name}.wav`,
      inferenceStatus: 'processed',
      durationSec: 30,
    })
    .returning();
  if (!row) throw new Error('no meeting');
  return row.id;
}

async function transcribe(meetingId: string, organizationId: string) {
  await createTranscriptsRepo(ctx.database.db).save({
    ...FIXTURE,
    meetingId,
    organizationId,
    runId: crypto.randomUUID(),
  });
}

const get = <T>(token: string, p: string) => call(ctx, 'GET', p, { token }).then((r) => json<T>(r));
const edit = (token: string, id: string, words: unknown[], dashboard = 'zai-insights-dashboard') =>
  call(ctx, 'PATCH', `/transcription/${dashboard}/${id}`, { token, payload: { words } });
const name = (token: string, meetingId: string, additionalDetails: Record<string, string>) =>
  call(ctx, 'PATCH', '/meeting/participant', { token, payload: { meetingId, additionalDetails } });
const talkTime = async (token: string, id: string) =>
  Object.fromEntries(
    (await get<Diarization>(token, `/voice-diaraization/${id}`)).speaker_time_analysis.map((s) => [
      s.speaker,
      s.time,
    ]),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  const o = await signIn(ctx, 'user@acme.parley.local');
  owner = o.accessToken;
  ownerId = o.user.id;
  orgId = o.user.organizationId;
  poc = (await signIn(ctx, 'poc@acme.parley.local')).accessToken;
  manager = (await signIn(ctx, 'manager@acme.parley.local')).accessToken;
  rep = (await signIn(ctx, 'rep@acme.parley.local')).accessToken;
  // Another organisation with every feature (B2C), so its answers are about tenancy, not plans.
  seeker = (await signIn(ctx, 'seeker@parley.local')).accessToken;
  const lead = await signUp(ctx, 'lead@elsewhere.example', { organizationName: 'Elsewhere' });
  outsider = lead.accessToken;
  outsiderUser = lead.user;
});
afterAll(async () => ctx?.close());

describe('before the meeting is transcribed', () => {
  it('answers an empty transcription, and 404 with the message for the analytics', async () => {
    const id = await newMeeting(orgId, ownerId, 'not-yet');
    const res = await call(ctx, 'GET', `/transcription/${id}`, { token: owner });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      data: [],
      wordToWordTimestamps: [],
      speakers: [],
      engine: null,
      editedAt: null,
    });
    for (const p of [
      'voice-diaraization',
      'offline/speaker-time-mapping',
      'inference/sentiment',
      'inference/speaking-rate',
      'inference/conversation',
    ]) {
      const r = await call(ctx, 'GET', `/${p}/${id}`, { token: owner });
      expect([p, r.statusCode, json(r).message]).toEqual([p, 404, A.noTranscript]);
    }
    expect((await edit(owner, id, [{ index: 0, word: 'x' }])).statusCode).toBe(404);
  });
});

describe('a transcribed meeting', () => {
  let id: string;
  beforeAll(async () => {
    id = await newMeeting(orgId, ownerId, 'two-speakers');
    await transcribe(id, orgId);
  });

  it('reads as dialogue blocks of one speaker each, with word timestamps', async () => {
    const t = await get<Transcription>(owner, `/transcription/${id}`);
    expect(t.engine?.name).toBe('pocketsphinx');
    expect(t.editedAt).toBeNull();
    expect(t.speakers).toEqual([
      { key: 'speaker_00', name: 'Speaker 1' },
      { key: 'speaker_01', name: 'Speaker 2' },
    ]);
    expect(t.wordToWordTimestamps).toHaveLength(56);
    expect(t.wordToWordTimestamps[3]).toEqual({
      index: 3,
      speaker: 'speaker_00',
      word: 'opera',
      startTime: 8.34,
      endTime: 12.19,
      confidence: 0.859403,
    });
    expect(t.data.map((b) => [b.speaker, b.wordRange])).toEqual([
      ['speaker_00', [0, 1]],
      ['speaker_01', [2, 2]],
      ['speaker_00', [3, 10]],
      ['speaker_01', [11, 18]],
      ['speaker_00', [19, 30]],
      ['speaker_01', [31, 48]],
      ['speaker_00', [49, 55]],
    ]);
    expect(t.data[0]).toMatchObject({
      value: 'Speaker 1: uh out',
      speakerName: 'Speaker 1',
      text: 'uh out',
      startTime: 6.74,
      endTime: 7.65,
      videoTime: '00:00:06',
    });
    expect(t.data[3]?.value).toBe('Speaker 2: sheila and check them eventually who should have');
    // Every word is in exactly one block, in order.
    expect(t.data.map((b) => b.text).join(' ')).toBe(
      t.wordToWordTimestamps.map((w) => w.word).join(' '),
    );
  });

  it('gives diarization in the spec’s shape', async () => {
    const d = await get<Diarization>(owner, `/voice-diaraization/${id}`);
    expect(d.audio_length).toBe(30);
    expect(d.speakerCount).toEqual({ value: 2, source: 'estimated' });
    expect(d.speaker_time_analysis).toEqual([
      { speaker: 'speaker_00', name: 'Speaker 1', time: 11.85, percentage: 48.7 },
      { speaker: 'speaker_01', name: 'Speaker 2', time: 12.5, percentage: 51.3 },
    ]);
    // 21.78 → 28.5 is speaker_01's longest stretch without the other speaker taking a turn.
    expect(d.talk_time_analysis.longest_monolog).toEqual({
      speaker: 'speaker_01',
      name: 'Speaker 2',
      duration: 6.72,
    });
    // Someone talks 6.69–7.12, 7.55–17.92, 18.05–21.49 and 21.78–30: 22.46 s of 30.
    expect(d.talk_time_analysis.team_talktime_percentage).toBe(74.9);
    expect(d.speaker_diarization_biometrics).toHaveLength(10);
    // Every turn but the first is partly talked over by the other speaker.
    expect(d.speaker_diarization_biometrics.filter((t) => !t.overlap).map((t) => t.start)).toEqual([
      6.69,
    ]);
  });

  it('maps speakers to time, and serves sentiment, speaking rate and conversation', async () => {
    const mapping = await get<Mapping>(owner, `/offline/speaker-time-mapping/${id}`);
    expect(mapping[0]).toEqual({
      speaker: 'speaker_00',
      name: 'Speaker 1',
      start: 6.69,
      end: 7.12,
    });
    expect(mapping).toHaveLength(10);

    const s = await get<Sentiment>(owner, `/inference/sentiment/${id}`);
    expect(s.model).toMatch(/VADER/i);
    expect(s.utterances.length).toBeGreaterThan(0);
    expect(s.overTime.length).toBeGreaterThan(0);

    const r = await get<SpeakingRate>(owner, `/inference/speaking-rate/${id}`);
    expect(r.average).toEqual([
      { speaker: 'speaker_00', name: 'Speaker 1', wpm: 146.8 },
      { speaker: 'speaker_01', name: 'Speaker 2', wpm: 129.6 },
    ]);
    expect(r.overTime.map((o) => o.speaker)).toEqual(['speaker_00', 'speaker_01']);

    const c = await get<Conversation>(owner, `/inference/conversation/${id}`);
    expect(c.fillerWords).toContainEqual({
      word: 'uh',
      start: 6.74,
      speaker: 'speaker_00',
      name: 'Speaker 1',
    });
    expect(c.fillerWords.map((f) => f.word)).toContain('you know');
    expect(c.engagement.method).toBe(ENGAGEMENT_METHOD);
    expect(c.interactivity.speakerSwitches).toBeGreaterThan(0);
    expect(Array.isArray(c.questions)).toBe(true);
  });
});

describe('naming speakers', () => {
  let id: string;
  beforeAll(async () => {
    id = await newMeeting(orgId, ownerId, 'named');
    await transcribe(id, orgId);
  });

  it('shows participant names in every route, and an empty name removes one', async () => {
    const res = await name(owner, id, { speaker_00: ' Dana Whitfield ', speaker_01: 'Omar Reyes' });
    expect(json(res)).toEqual({
      additionalDetails: { speaker_00: 'Dana Whitfield', speaker_01: 'Omar Reyes' },
    });
    const t = await get<Transcription>(owner, `/transcription/${id}`);
    expect(t.data[0]?.value).toBe('Dana Whitfield: uh out');
    expect(t.data[1]).toMatchObject({ speaker: 'speaker_01', speakerName: 'Omar Reyes' });
    expect(t.speakers.map((s) => s.name)).toEqual(['Dana Whitfield', 'Omar Reyes']);
    const d = await get<Diarization>(owner, `/voice-diaraization/${id}`);
    expect(d.speaker_time_analysis.map((s) => s.name)).toEqual(['Dana Whitfield', 'Omar Reyes']);
    expect(d.talk_time_analysis.longest_monolog.name).toBe('Omar Reyes');
    expect(new Set(d.speaker_diarization_biometrics.map((b) => b.name))).toEqual(
      new Set(['Dana Whitfield', 'Omar Reyes']),
    );
    const m = await get<Mapping>(owner, `/offline/speaker-time-mapping/${id}`);
    expect(m[0]?.name).toBe('Dana Whitfield');
    const s = await get<Sentiment>(owner, `/inference/sentiment/${id}`);
    expect(new Set(s.utterances.map((u) => u.name))).toEqual(
      new Set(['Dana Whitfield', 'Omar Reyes']),
    );
    const r = await get<SpeakingRate>(owner, `/inference/speaking-rate/${id}`);
    expect(r.average.map((a) => a.name)).toEqual(['Dana Whitfield', 'Omar Reyes']);
    expect(r.overTime.map((a) => a.name)).toEqual(['Dana Whitfield', 'Omar Reyes']);
    const c = await get<Conversation>(owner, `/inference/conversation/${id}`);
    expect(c.fillerWords.find((f) => f.word === 'you know')?.name).toBe('Omar Reyes');

    // Naming one speaker leaves the other; an empty name goes back to the label.
    expect(json(await name(owner, id, { speaker_01: '' }))).toEqual({
      additionalDetails: { speaker_00: 'Dana Whitfield' },
    });
    const after = await get<Transcription>(owner, `/transcription/${id}`);
    expect(after.speakers).toEqual([
      { key: 'speaker_00', name: 'Dana Whitfield' },
      { key: 'speaker_01', name: 'Speaker 2' },
    ]);
    // The meeting itself carries the names (spec 2 §3 additionalDetails).
    const meeting = await get<{ additionalDetails: Record<string, string> }>(
      owner,
      `/meeting/${id}`,
    );
    expect(meeting.additionalDetails).toEqual({ speaker_00: 'Dana Whitfield' });
  });

  it('refuses keys that are not speaker_NN, and people who do not manage the meeting', async () => {
    const bad = await name(owner, id, { Dana: 'Dana' });
    expect(json(bad)).toMatchObject({ statusCode: 400, message: 'Speakers are speaker_NN' });
    await call(ctx, 'POST', `/share/${id}`, {
      token: owner,
      payload: { email: 'manager@acme.parley.local' },
    });
    // Shared with: may read the names, not change them.
    expect((await call(ctx, 'GET', `/transcription/${id}`, { token: manager })).statusCode).toBe(
      200,
    );
    expect((await name(manager, id, { speaker_00: 'Someone' })).statusCode).toBe(403);
    expect((await name(rep, id, { speaker_00: 'Someone' })).statusCode).toBe(404);
    // The poc looks after every meeting of the organisation.
    expect((await name(poc, id, { speaker_01: 'Omar' })).statusCode).toBe(200);
  });
});

describe('correcting the transcript', () => {
  let id: string;
  beforeAll(async () => {
    id = await newMeeting(orgId, ownerId, 'corrected');
    await transcribe(id, orgId);
  });

  it('changes the words everyone reads and recomputes the analytics', async () => {
    const sentimentBefore = await get<Sentiment>(owner, `/inference/sentiment/${id}`);
    const res = await edit(owner, id, [
      { index: 0, word: 'well' },
      { index: 3, word: 'wonderful' },
    ]);
    expect(res.statusCode).toBe(200);
    const edited = json<Transcription>(res);
    expect(edited.data[0]?.value).toBe('Speaker 1: well out');
    expect(edited.editedAt).not.toBeNull();

    // Stored: a fresh read shows the new words, and text search over it finds them.
    const t = await get<Transcription>(owner, `/transcription/${id}`);
    expect(t).toEqual(edited);
    const text = t.data.map((b) => b.value).join('\n');
    expect(text).toContain('wonderful but it got');
    expect(text).not.toMatch(/\bopera\b/);
    expect(t.wordToWordTimestamps[3]).toMatchObject({ word: 'wonderful', startTime: 8.34 });

    // The filler that was corrected away is gone, and the sentence now reads positive.
    const c = await get<Conversation>(owner, `/inference/conversation/${id}`);
    expect(c.fillerWords.some((f) => f.start === 6.74)).toBe(false);
    const s = await get<Sentiment>(owner, `/inference/sentiment/${id}`);
    const at = (x: Sentiment) => x.utterances.find((u) => u.start === 8.32)?.compound ?? NaN;
    expect(at(s)).toBeGreaterThan(at(sentimentBefore));
  });

  it('moves talk time with a speaker correction', async () => {
    const before = await talkTime(owner, id);
    // "i i hear that a charity that" (28.4–29.94) was speaker_00; it belongs to speaker_01.
    const words = [49, 50, 51, 52, 53, 54, 55].map((index) => ({ index, speaker: 'speaker_01' }));
    const res = await edit(owner, id, words, 'meeting-insights-dashboard');
    expect(res.statusCode).toBe(200);
    const t = json<Transcription>(res);
    // The last two blocks are one now: speaker_01 goes on talking.
    expect(t.data.at(-1)).toMatchObject({ speaker: 'speaker_01', wordRange: [31, 55] });

    const after = await talkTime(owner, id);
    expect(after.speaker_01).toBeGreaterThan(before.speaker_01 ?? 0);
    expect(after.speaker_00).toBeLessThan(before.speaker_00 ?? 0);
    // speaker_00's last turn (27.85–30) went entirely to speaker_01, whose turn now runs on
    // to the end of the last word (the 0.08 s left after it holds no word and is dropped).
    expect(after.speaker_00).toBeCloseTo((before.speaker_00 ?? 0) - 2.15, 3);
    const m = await get<Mapping>(owner, `/offline/speaker-time-mapping/${id}`);
    expect(m.at(-1)).toEqual({
      speaker: 'speaker_01',
      name: 'Speaker 2',
      start: 21.78,
      end: 29.92,
    });
    expect(FIXTURE.words?.at(-1)?.end).toBe(29.92);
    // The text step ran again: speaker_01 has more words per minute of talking now.
    const r = await get<SpeakingRate>(owner, `/inference/speaking-rate/${id}`);
    expect(r.average.find((a) => a.speaker === 'speaker_01')?.wpm).not.toBe(129.6);
  });

  it('refuses a word that does not exist, saving nothing', async () => {
    const before = await get<Transcription>(owner, `/transcription/${id}`);
    const res = await edit(owner, id, [
      { index: 1, word: 'changed' },
      { index: 56, word: 'nowhere' },
    ]);
    expect(json(res)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: A.wordIndexOutOfRange(56),
    });
    expect(await get<Transcription>(owner, `/transcription/${id}`)).toEqual(before);
  });

  it('checks the request and who makes it', async () => {
    expect((await edit(owner, id, [{ index: 1, word: 'x' }], 'no-such-dashboard')).statusCode).toBe(
      404,
    );
    expect(json(await edit(owner, id, [{ index: 1, speaker: 'bob' }]))).toMatchObject({
      statusCode: 400,
      message: 'Speakers are speaker_NN',
    });
    expect((await edit(owner, id, [{ index: 1 }])).statusCode).toBe(400);
    expect((await edit(owner, id, [])).statusCode).toBe(400);
    await call(ctx, 'POST', `/share/${id}`, {
      token: owner,
      payload: { email: 'manager@acme.parley.local' },
    });
    expect((await edit(manager, id, [{ index: 1, word: 'x' }])).statusCode).toBe(403);
    expect((await edit(rep, id, [{ index: 1, word: 'x' }])).statusCode).toBe(404);
    const byPoc = await edit(poc, id, [{ index: 1, word: 'about' }], 'text-analytics-dashboard');
    expect(byPoc.statusCode).toBe(200);
    expect(json<Transcription>(byPoc).data[0]?.text).toBe('well about');
  });
});

describe('tenancy and plan', () => {
  let id: string;
  beforeAll(async () => {
    id = await newMeeting(orgId, ownerId, 'tenancy');
    await transcribe(id, orgId);
  });

  it('answers 404 to another organisation on every route', async () => {
    const tries = [
      call(ctx, 'GET', `/transcription/${id}`, { token: seeker }),
      edit(seeker, id, [{ index: 0, word: 'x' }]),
      call(ctx, 'GET', `/voice-diaraization/${id}`, { token: seeker }),
      call(ctx, 'GET', `/offline/speaker-time-mapping/${id}`, { token: seeker }),
      call(ctx, 'GET', `/inference/sentiment/${id}`, { token: seeker }),
      call(ctx, 'GET', `/inference/speaking-rate/${id}`, { token: seeker }),
      call(ctx, 'GET', `/inference/conversation/${id}`, { token: seeker }),
      name(seeker, id, { speaker_00: 'x' }),
    ];
    for (const res of await Promise.all(tries)) {
      expect([res.statusCode, json(res).message]).toEqual([404, 'Meeting not found']);
    }
    // And nothing changed.
    const t = await get<Transcription>(owner, `/transcription/${id}`);
    expect(t.data[0]?.value).toBe('Speaker 1: uh out');
  });

  it('needs Zai Intelligence for the transcript and text analytics, not for talk time', async () => {
    const own = await newMeeting(outsiderUser.organizationId, outsiderUser.id, 'elsewhere');
    await transcribe(own, outsiderUser.organizationId);
    const gated = [
      call(ctx, 'GET', `/transcription/${own}`, { token: outsider }),
      edit(outsider, own, [{ index: 0, word: 'x' }]),
      call(ctx, 'GET', `/inference/sentiment/${own}`, { token: outsider }),
      call(ctx, 'GET', `/inference/speaking-rate/${own}`, { token: outsider }),
      call(ctx, 'GET', `/inference/conversation/${own}`, { token: outsider }),
    ];
    for (const res of await Promise.all(gated)) {
      expect(json(res)).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'No Zai Intelligence available',
      });
    }
    const open = [
      call(ctx, 'GET', `/voice-diaraization/${own}`, { token: outsider }),
      call(ctx, 'GET', `/offline/speaker-time-mapping/${own}`, { token: outsider }),
      name(outsider, own, { speaker_00: 'Lee' }),
    ];
    for (const res of await Promise.all(open)) expect(res.statusCode).toBe(200);
  });
});

describe('stored analytics', () => {
  it('are computed from the words when the text step has not stored them yet', async () => {
    const id = await newMeeting(orgId, ownerId, 'no-analytics');
    await createTranscriptsRepo(ctx.database.db).save({
      ...FIXTURE,
      analytics: null,
      meetingId: id,
      organizationId: orgId,
      runId: crypto.randomUUID(),
    });
    const r = await get<SpeakingRate>(owner, `/inference/speaking-rate/${id}`);
    expect(r.average.map((a) => a.wpm)).toEqual([146.8, 129.6]);
  });

  it('show the questions the text step found, with names', async () => {
    const id = await newMeeting(orgId, ownerId, 'questions');
    const question = { text: 'who should have', start: 16.88, end: 17.6, speaker: 'speaker_01' };
    await createTranscriptsRepo(ctx.database.db).save({
      ...FIXTURE,
      analytics: { ...FIXTURE.analytics, questions: [question] },
      meetingId: id,
      organizationId: orgId,
      runId: crypto.randomUUID(),
    });
    await name(owner, id, { speaker_01: 'Omar Reyes' });
    const c = await get<Conversation>(owner, `/inference/conversation/${id}`);
    expect(c.questions).toEqual([{ ...question, name: 'Omar Reyes' }]);
  });
});
