import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { decodeAll } from '@parley/analysis';
import {
  REALTIME,
  type LiveAnalytics,
  type LiveSegment,
  type LiveStatus,
  type LiveTag,
  type LiveTranscript,
} from '@parley/contracts';
import { call, json } from '../../test/context.js';
import { connectRealtime, joinRoom } from '../../test/realtime.js';
import {
  ctx,
  newMeeting,
  orgId,
  outsider,
  owner,
  ownerId,
  useTranscriptsKit,
} from '../../test/transcripts-kit.js';

useTranscriptsKit();

const fixturePath = (rel: string) =>
  new URL(`../../../../../fixtures/${rel}`, import.meta.url).pathname;

const toInt16 = (f: Float32Array) =>
  Int16Array.from(f, (x) => Math.max(-32768, Math.min(32767, Math.round(x * 32767))));

const get = <T>(path: string, token?: string) =>
  call(ctx, 'GET', path, token ? { token } : {}).then((r) => ({
    status: r.statusCode,
    body: json<T>(r),
  }));

describe('live sessions: audio in, transcript and cards out over the realtime room', () => {
  let meetingId: string;
  let socket: Socket;
  const segments: (LiveSegment & { meetingId: string })[] = [];
  const analytics: LiveAnalytics[] = [];
  const ended: unknown[] = [];

  beforeAll(async () => {
    meetingId = await newMeeting(orgId, ownerId, 'live call');
    socket = await connectRealtime(ctx, owner);
    socket.on(REALTIME.liveSegment, (s: (typeof segments)[number]) => segments.push(s));
    socket.on(REALTIME.liveAnalytics, (a: LiveAnalytics) => analytics.push(a));
    socket.on(REALTIME.liveEnded, (e: unknown) => ended.push(e));
    await joinRoom(socket, meetingId);
  });
  afterAll(() => socket?.disconnect());

  it('transcribes two participants pushed in 100 ms chunks and keeps the finals', async () => {
    const sink = ctx.app.liveAudio;
    expect((await get<LiveStatus>(`/live-analytics/status/${meetingId}`)).body.status).toBe('none');
    await sink.open({ meetingId, organizationId: orgId });
    // No sign-in needed (spec 2 §6), and it says nothing of what was said.
    expect((await get<LiveStatus>(`/live-analytics/status/${meetingId}`)).body).toMatchObject({
      status: 'live',
      speakers: 0,
    });

    const ana = toInt16(await decodeAll(fixturePath('speech/jfk.wav')));
    const ben = toInt16(await decodeAll(fixturePath('speech/fleurs-en-000.ogg')));
    const step = 1600;
    for (let i = 0; i < Math.max(ana.length, ben.length); i += step) {
      if (i < ana.length)
        sink.push(meetingId, { id: 'p-ana', name: 'Ana' }, ana.subarray(i, i + step));
      if (i < ben.length)
        sink.push(meetingId, { id: 'p-ben', name: 'Ben' }, ben.subarray(i, i + step));
      if ((i / step) % 10 === 0) await new Promise((r) => setTimeout(r, 10));
    }
    // A page opened mid-call reads the finals so far (and whatever interim is being spoken).
    await expect
      .poll(
        async () =>
          (await get<LiveTranscript>(`/live/transcript/${meetingId}`, owner)).body.segments.filter(
            (s) => s.isFinal,
          ).length,
        { timeout: 150_000, interval: 500 },
      )
      .toBeGreaterThan(0);
    await sink.close(meetingId);
    // The room gets the last finals and the cards before the end, in order.
    await expect.poll(() => ended.length, { timeout: 5000 }).toBe(1);

    const finals = segments.filter((s) => s.isFinal);
    const said = (name: string) =>
      finals
        .filter((s) => s.name === name)
        .map((s) => s.content)
        .join(' ');
    console.log(`Ana: ${said('Ana')}\nBen: ${said('Ben')}`);
    // pocketsphinx's reading of the fixtures (see analysis/src/live): enough of the words.
    expect(said('Ana')).toMatch(/country/);
    expect(said('Ben')).toMatch(/communication|thirty|years/);
    for (const s of finals) {
      expect(s.meetingId).toBe(meetingId);
      expect(s.timeStamps!.end).toBeGreaterThan(s.timeStamps!.start);
      expect(s.words!.length).toBeGreaterThan(0);
    }
    expect(ended).toEqual([{ meetingId }]);

    // The cards were recomputed from the finals: talk time for both speakers.
    const last = analytics.at(-1)!;
    expect(last.meetingId).toBe(meetingId);
    const talk = Object.fromEntries(last.speakers.map((s) => [s.name, s.talkTimeSec]));
    expect(talk.Ana).toBeGreaterThan(5);
    expect(talk.Ben).toBeGreaterThan(3);
    for (const s of last.speakers) expect(s.wordsPerMinute).toBeGreaterThan(0);
    expect(last.engagement.score).toBeGreaterThanOrEqual(0);

    // After the call: the finals stay, readable by whoever may see the meeting.
    const after = await get<LiveTranscript>(`/live/transcript/${meetingId}`, owner);
    expect(after.body.live).toBe(false);
    expect(after.body.segments.map((s) => s.content)).toEqual(
      [...finals].sort((a, b) => a.timeStamps!.start - b.timeStamps!.start).map((s) => s.content),
    );
    expect((await get<LiveStatus>(`/live-analytics/status/${meetingId}`)).body).toMatchObject({
      status: 'ended',
      speakers: 2,
    });
    const tag = await get<LiveTag>(`/live-analytics/tag/${meetingId}`, owner);
    expect(tag.status).toBe(200);
    expect(tag.body.analytics?.speakers.map((s) => s.name).sort()).toEqual(['Ana', 'Ben']);
  }, 400_000);

  it('another organisation sees neither the transcript nor the tags', async () => {
    expect((await get(`/live/transcript/${meetingId}`, outsider)).status).toBe(404);
    expect((await get(`/live-analytics/tag/${meetingId}`, outsider)).status).toBe(404);
    expect((await get(`/live/transcript/${meetingId}`)).status).toBe(401);
  });

  it('audio for a meeting without a session is dropped, and an unknown id has no status', async () => {
    ctx.app.liveAudio.push(crypto.randomUUID(), { id: 'x', name: 'X' }, new Int16Array(1600));
    expect((await get<LiveStatus>('/live-analytics/status/not-a-meeting')).body.status).toBe(
      'none',
    );
  });
});
