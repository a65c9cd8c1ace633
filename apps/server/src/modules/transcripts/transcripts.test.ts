import { describe, expect, it } from 'vitest';
import { ANALYSIS_MESSAGES as A, type Diarization, type Transcription } from '@parley/contracts';
import { ENGAGEMENT_METHOD } from '@parley/analysis';
import { call, json } from '../../test/context.js';
import { createTranscriptsRepo } from './repo.js';
import {
  FIXTURE,
  ctx,
  edit,
  get,
  name,
  newMeeting,
  orgId,
  outsider,
  outsiderUser,
  owner,
  ownerId,
  seeker,
  transcribe,
  transcribedMeeting,
  useTranscriptsKit,
  type Sentiment,
  type SpeakingRate,
  type Conversation,
  type Mapping,
} from '../../test/transcripts-kit.js';

useTranscriptsKit();

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
      language: null,
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
  const recorded = transcribedMeeting('two-speakers');

  it('reads as dialogue blocks of one speaker each, with word timestamps', async () => {
    const t = await get<Transcription>(owner, `/transcription/${recorded.id}`);
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
    const d = await get<Diarization>(owner, `/voice-diaraization/${recorded.id}`);
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
    const mapping = await get<Mapping>(owner, `/offline/speaker-time-mapping/${recorded.id}`);
    expect(mapping[0]).toEqual({
      speaker: 'speaker_00',
      name: 'Speaker 1',
      start: 6.69,
      end: 7.12,
    });
    expect(mapping).toHaveLength(10);

    const s = await get<Sentiment>(owner, `/inference/sentiment/${recorded.id}`);
    expect(s.model).toMatch(/VADER/i);
    expect(s.utterances.length).toBeGreaterThan(0);
    expect(s.overTime.length).toBeGreaterThan(0);

    const r = await get<SpeakingRate>(owner, `/inference/speaking-rate/${recorded.id}`);
    expect(r.average).toEqual([
      { speaker: 'speaker_00', name: 'Speaker 1', wpm: 146.8 },
      { speaker: 'speaker_01', name: 'Speaker 2', wpm: 129.6 },
    ]);
    expect(r.overTime.map((o) => o.speaker)).toEqual(['speaker_00', 'speaker_01']);

    const c = await get<Conversation>(owner, `/inference/conversation/${recorded.id}`);
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

describe('tenancy and plan', () => {
  const recorded = transcribedMeeting('tenancy');

  it('answers 404 to another organisation on every route', async () => {
    const tries = [
      call(ctx, 'GET', `/transcription/${recorded.id}`, { token: seeker }),
      edit(seeker, recorded.id, [{ index: 0, word: 'x' }]),
      call(ctx, 'GET', `/voice-diaraization/${recorded.id}`, { token: seeker }),
      call(ctx, 'GET', `/offline/speaker-time-mapping/${recorded.id}`, { token: seeker }),
      call(ctx, 'GET', `/inference/sentiment/${recorded.id}`, { token: seeker }),
      call(ctx, 'GET', `/inference/speaking-rate/${recorded.id}`, { token: seeker }),
      call(ctx, 'GET', `/inference/conversation/${recorded.id}`, { token: seeker }),
      name(seeker, recorded.id, { speaker_00: 'x' }),
    ];
    for (const res of await Promise.all(tries)) {
      expect([res.statusCode, json(res).message]).toEqual([404, 'Meeting not found']);
    }
    // And nothing changed.
    const t = await get<Transcription>(owner, `/transcription/${recorded.id}`);
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
