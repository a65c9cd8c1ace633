import { describe, expect, it } from 'vitest';
import { ANALYSIS_MESSAGES as A, type Diarization, type Transcription } from '@parley/contracts';
import { call, json, expectRefusal } from '../../test/context.js';
import {
  FIXTURE,
  ctx,
  edit,
  get,
  manager,
  name,
  owner,
  poc,
  rep,
  talkTime,
  transcribedMeeting,
  useTranscriptsKit,
  type Sentiment,
  type SpeakingRate,
  type Conversation,
  type Mapping,
} from '../../test/transcripts-kit.js';

useTranscriptsKit();

describe('naming speakers', () => {
  const recorded = transcribedMeeting('named');

  it('shows participant names in every route, and an empty name removes one', async () => {
    const res = await name(owner, recorded.id, {
      speaker_00: ' Dana Whitfield ',
      speaker_01: 'Omar Reyes',
    });
    expect(json(res)).toEqual({
      additionalDetails: { speaker_00: 'Dana Whitfield', speaker_01: 'Omar Reyes' },
    });
    const t = await get<Transcription>(owner, `/transcription/${recorded.id}`);
    expect(t.data[0]?.value).toBe('Dana Whitfield: uh out');
    expect(t.data[1]).toMatchObject({ speaker: 'speaker_01', speakerName: 'Omar Reyes' });
    expect(t.speakers.map((s) => s.name)).toEqual(['Dana Whitfield', 'Omar Reyes']);
    const d = await get<Diarization>(owner, `/voice-diaraization/${recorded.id}`);
    expect(d.speaker_time_analysis.map((s) => s.name)).toEqual(['Dana Whitfield', 'Omar Reyes']);
    expect(d.talk_time_analysis.longest_monolog.name).toBe('Omar Reyes');
    expect(new Set(d.speaker_diarization_biometrics.map((b) => b.name))).toEqual(
      new Set(['Dana Whitfield', 'Omar Reyes']),
    );
    const m = await get<Mapping>(owner, `/offline/speaker-time-mapping/${recorded.id}`);
    expect(m[0]?.name).toBe('Dana Whitfield');
    const s = await get<Sentiment>(owner, `/inference/sentiment/${recorded.id}`);
    expect(new Set(s.utterances.map((u) => u.name))).toEqual(
      new Set(['Dana Whitfield', 'Omar Reyes']),
    );
    const r = await get<SpeakingRate>(owner, `/inference/speaking-rate/${recorded.id}`);
    expect(r.average.map((a) => a.name)).toEqual(['Dana Whitfield', 'Omar Reyes']);
    expect(r.overTime.map((a) => a.name)).toEqual(['Dana Whitfield', 'Omar Reyes']);
    const c = await get<Conversation>(owner, `/inference/conversation/${recorded.id}`);
    expect(c.fillerWords.find((f) => f.word === 'you know')?.name).toBe('Omar Reyes');

    // Naming one speaker leaves the other; an empty name goes back to the label.
    expect(json(await name(owner, recorded.id, { speaker_01: '' }))).toEqual({
      additionalDetails: { speaker_00: 'Dana Whitfield' },
    });
    const after = await get<Transcription>(owner, `/transcription/${recorded.id}`);
    expect(after.speakers).toEqual([
      { key: 'speaker_00', name: 'Dana Whitfield' },
      { key: 'speaker_01', name: 'Speaker 2' },
    ]);
    // The meeting itself carries the names (spec 2 §3 additionalDetails).
    const meeting = await get<{ additionalDetails: Record<string, string> }>(
      owner,
      `/meeting/${recorded.id}`,
    );
    expect(meeting.additionalDetails).toEqual({ speaker_00: 'Dana Whitfield' });
  });

  it('refuses keys that are not speaker_NN, and people who do not manage the meeting', async () => {
    const bad = await name(owner, recorded.id, { Dana: 'Dana' });
    expectRefusal(bad, 400, 'Speakers are speaker_NN');
    await call(ctx, 'POST', `/share/${recorded.id}`, {
      token: owner,
      payload: { email: 'manager@acme.parley.local' },
    });
    // Shared with: may read the names, not change them.
    expect(
      (await call(ctx, 'GET', `/transcription/${recorded.id}`, { token: manager })).statusCode,
    ).toBe(200);
    expect((await name(manager, recorded.id, { speaker_00: 'Someone' })).statusCode).toBe(403);
    expect((await name(rep, recorded.id, { speaker_00: 'Someone' })).statusCode).toBe(404);
    // The poc looks after every meeting of the organisation.
    expect((await name(poc, recorded.id, { speaker_01: 'Omar' })).statusCode).toBe(200);
  });
});

describe('correcting the transcript', () => {
  const recorded = transcribedMeeting('corrected');

  it('changes the words everyone reads and recomputes the analytics', async () => {
    const sentimentBefore = await get<Sentiment>(owner, `/inference/sentiment/${recorded.id}`);
    const res = await edit(owner, recorded.id, [
      { index: 0, word: 'well' },
      { index: 3, word: 'wonderful' },
    ]);
    expect(res.statusCode).toBe(200);
    const edited = json<Transcription>(res);
    expect(edited.data[0]?.value).toBe('Speaker 1: well out');
    expect(edited.editedAt).not.toBeNull();

    // Stored: a fresh read shows the new words, and text search over it finds them.
    const t = await get<Transcription>(owner, `/transcription/${recorded.id}`);
    expect(t).toEqual(edited);
    const text = t.data.map((b) => b.value).join('\n');
    expect(text).toContain('wonderful but it got');
    expect(text).not.toMatch(/\bopera\b/);
    expect(t.wordToWordTimestamps[3]).toMatchObject({ word: 'wonderful', startTime: 8.34 });

    // The filler that was corrected away is gone, and the sentence now reads positive.
    const c = await get<Conversation>(owner, `/inference/conversation/${recorded.id}`);
    expect(c.fillerWords.some((f) => f.start === 6.74)).toBe(false);
    const s = await get<Sentiment>(owner, `/inference/sentiment/${recorded.id}`);
    const at = (x: Sentiment) => x.utterances.find((u) => u.start === 8.32)?.compound ?? NaN;
    expect(at(s)).toBeGreaterThan(at(sentimentBefore));
  });

  it('moves talk time with a speaker correction', async () => {
    const before = await talkTime(owner, recorded.id);
    // "i i hear that a charity that" (28.4–29.94) was speaker_00; it belongs to speaker_01.
    const words = [49, 50, 51, 52, 53, 54, 55].map((index) => ({ index, speaker: 'speaker_01' }));
    const res = await edit(owner, recorded.id, words, 'meeting-insights-dashboard');
    expect(res.statusCode).toBe(200);
    const t = json<Transcription>(res);
    // The last two blocks are one now: speaker_01 goes on talking.
    expect(t.data.at(-1)).toMatchObject({ speaker: 'speaker_01', wordRange: [31, 55] });

    const after = await talkTime(owner, recorded.id);
    expect(after.speaker_01).toBeGreaterThan(before.speaker_01 ?? 0);
    expect(after.speaker_00).toBeLessThan(before.speaker_00 ?? 0);
    // speaker_00's last turn (27.85–30) went entirely to speaker_01, whose turn now runs on
    // to the end of the last word (the 0.08 s left after it holds no word and is dropped).
    expect(after.speaker_00).toBeCloseTo((before.speaker_00 ?? 0) - 2.15, 3);
    const m = await get<Mapping>(owner, `/offline/speaker-time-mapping/${recorded.id}`);
    expect(m.at(-1)).toEqual({
      speaker: 'speaker_01',
      name: 'Speaker 2',
      start: 21.78,
      end: 29.92,
    });
    expect(FIXTURE.words?.at(-1)?.end).toBe(29.92);
    // The text step ran again: speaker_01 has more words per minute of talking now.
    const r = await get<SpeakingRate>(owner, `/inference/speaking-rate/${recorded.id}`);
    expect(r.average.find((a) => a.speaker === 'speaker_01')?.wpm).not.toBe(129.6);
  });

  it('refuses a word that does not exist, saving nothing', async () => {
    const before = await get<Transcription>(owner, `/transcription/${recorded.id}`);
    const res = await edit(owner, recorded.id, [
      { index: 1, word: 'changed' },
      { index: 56, word: 'nowhere' },
    ]);
    expect(json(res)).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: A.wordIndexOutOfRange(56),
    });
    expect(await get<Transcription>(owner, `/transcription/${recorded.id}`)).toEqual(before);
  });

  it('checks the request and who makes it', async () => {
    expect(
      (await edit(owner, recorded.id, [{ index: 1, word: 'x' }], 'no-such-dashboard')).statusCode,
    ).toBe(404);
    expect(json(await edit(owner, recorded.id, [{ index: 1, speaker: 'bob' }]))).toMatchObject({
      statusCode: 400,
      message: 'Speakers are speaker_NN',
    });
    expect((await edit(owner, recorded.id, [{ index: 1 }])).statusCode).toBe(400);
    expect((await edit(owner, recorded.id, [])).statusCode).toBe(400);
    await call(ctx, 'POST', `/share/${recorded.id}`, {
      token: owner,
      payload: { email: 'manager@acme.parley.local' },
    });
    expect((await edit(manager, recorded.id, [{ index: 1, word: 'x' }])).statusCode).toBe(403);
    expect((await edit(rep, recorded.id, [{ index: 1, word: 'x' }])).statusCode).toBe(404);
    const byPoc = await edit(
      poc,
      recorded.id,
      [{ index: 1, word: 'about' }],
      'text-analytics-dashboard',
    );
    expect(byPoc.statusCode).toBe(200);
    expect(json<Transcription>(byPoc).data[0]?.text).toBe('well about');
  });
});
